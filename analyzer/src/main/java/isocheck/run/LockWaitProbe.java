package isocheck.run;

/**
 * How the stepped mode tells a statement waiting for a lock from one still running: the query of a
 * session's id on the server (run once on each transaction's connection) and the query, with that
 * id as its one parameter, that returns a row while the server reports the session waiting for a
 * lock. With it a blocked step is reported as soon as the server says so, instead of after
 * --block-ms of silence ({@link LockWaitMonitor}). For a server whose answer is a cache that a
 * question read too soon after the last one does not refresh: {@code intervalMillis}, the least
 * time between two questions, and {@code confirmations}, how many answers in a row must say
 * "waiting" (another client's questions can keep the cache from refreshing, so one answer may be
 * stale).
 */
record LockWaitProbe(
        String sessionIdQuery, String waitingQuery, long intervalMillis, int confirmations) {}
