package isocheck.cli;

import isocheck.encoding.KeyModel;
import picocli.CommandLine.Option;

/**
 * What a second INSERT of a primary key means to analyze, verify and weakest ({@link KeyModel}). By
 * default SQL's: the INSERT fails and its transaction is not in the execution. {@code --paper-keys}
 * restores the paper's replicated-store reading (the later insert overwrites), under which its
 * case-study rows were measured; {@code --assume-unique-keys} is the older, stronger program
 * assumption that no key is ever inserted twice, even after a DELETE.
 */
final class KeyOptions {

    @Option(
            names = "--paper-keys",
            description =
                    "the paper's replicated-store reading of INSERT: a second insert of a key "
                            + "overwrites it (default: SQL's, the second insert of a live key fails and its transaction aborts)")
    boolean paperKeys;

    @Option(
            names = "--assume-unique-keys",
            description =
                    "assume no key is ever inserted twice, even after a DELETE (ids from "
                            + "a sequence or UUID); stronger than the SQL default, which it implies")
    boolean uniqueKeys;

    KeyModel model() {
        if (paperKeys && uniqueKeys) {
            throw new UserError(
                    "--paper-keys and --assume-unique-keys contradict each other: give one");
        }
        return paperKeys ? KeyModel.OVERWRITE : KeyModel.SQL;
    }

    /** The flags that reproduce this choice, for printed command lines. */
    String flags() {
        return (paperKeys ? " --paper-keys" : "") + (uniqueKeys ? " --assume-unique-keys" : "");
    }
}
