package isocheck.cli;

import picocli.CommandLine.Option;

/**
 * The bound of the cycle search (Nagar & Jagannathan, CONCUR 2018, §5.1: cycles of at most k
 * transactions), one picocli mixin for the commands that run it (analyze, weakest, repair), with
 * its one check.
 */
final class BoundOption {

    @Option(
            names = "--bound",
            paramLabel = "K",
            defaultValue = "4",
            description = "the longest cycle to look for (default: ${DEFAULT-VALUE})")
    int bound;

    /** The bound, refused below 2 (a cycle has two transactions or more). */
    int checked() {
        if (bound < 2)
            throw new UserError(
                    "--bound must be at least 2 (a cycle has two transactions or more), not "
                            + bound);
        return bound;
    }
}
