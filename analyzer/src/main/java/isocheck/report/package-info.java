/**
 * The renderings of static results: analysis, proof, weakest-spec and parse reports as text, JSON,
 * DOT and SARIF. It may depend on the encoder's packages and on jackson; not on the checker, the
 * runner or the CLI.
 */
package isocheck.report;
