/**
 * The command line (picocli): one class per command (parse, specs, analyze, verify, weakest, check,
 * convert, run, catalogue), the shared exit codes and error reporting. It is the only package that
 * may depend on everything in encoder, checker and analyzer; nothing depends on it.
 */
package isocheck.cli;
