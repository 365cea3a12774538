/**
 * History formats: readers (isocheck JSON Lines, Plume/PolySI text, AWDIT test files, Cobra logs,
 * dbcop bincode, Elle EDN, Viper logs) that stream into the history builder without an object per
 * operation, writers for the formats that can express a whole history, and the sniffing of a file's
 * format. It may depend on history, primitive and jackson-core; not on the checkers.
 */
package isocheck.format;
