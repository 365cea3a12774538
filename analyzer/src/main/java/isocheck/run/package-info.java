/**
 * Running programs on real databases over JDBC (embedded H2 and SQLite, PostgreSQL, MariaDB: one
 * {@link isocheck.run.Engine} each, selected by URL in {@link isocheck.run.Engines}): workloads,
 * parameter generation, execution in client sessions at a database isolation level in a private
 * schema, recording of every read and write (including reads of absent rows) as a history, and
 * replay of fixed schedules. It may depend on program, history and JDBC; not on the checkers (the
 * CLI checks what it records).
 */
package isocheck.run;
