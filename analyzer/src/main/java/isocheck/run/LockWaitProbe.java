package isocheck.run;

/**
 * How the stepped mode tells a statement waiting for a lock from one still running: the query of a
 * session's id on the server (run once on each transaction's connection) and the query, with that
 * id as its one parameter, that returns a row while the server reports the session waiting for a
 * lock. With it a blocked step is reported as soon as the server says so, instead of after
 * --block-ms of silence ({@link LockWaitMonitor}). {@code intervalMillis}: the least time between
 * two questions, for a server whose answer is a cache that a question read too soon after the last
 * one does not refresh.
 */
record LockWaitProbe(String sessionIdQuery, String waitingQuery, long intervalMillis) {}
