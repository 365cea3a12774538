/**
 * Automatic repairs of a transaction program for a database level ({@code isocheck repair}):
 * statement changes found from the witnesses of the static analysis, each candidate program checked
 * and proved with the encoder's bounded analysis and unbounded proof, printed as a unified diff of
 * the program file. It depends on the encoder's packages and on the frontend (to re-parse the
 * edited file); not on the checker, the runner or the CLI.
 */
package isocheck.repair;
