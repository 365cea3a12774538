/**
 * The bridges from the static half to the dynamic one: a static witness as a concrete history for
 * the checker (WitnessHistory, with the keys isocheck run records) and as a schedule that replays
 * it on a real database at snapshot isolation (SnapshotSchedule). It may depend on the encoder's
 * program, encoding and witness packages and on the checker's history model; not on the CLI or the
 * runner.
 */
package isocheck.bridge;
