package isocheck.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Which consistency spec the solver commands (analyze, verify) check against, one picocli mixin:
 * {@code --spec} names it, or {@code --db} with {@code --level} name a database's own level ({@link
 * DatabaseLevel}); {@code --spec-dir} adds user specs to the built-ins.
 */
final class SpecOptions {

    @Option(
            names = "--spec",
            paramLabel = "SPEC",
            description =
                    "the consistency spec (ec, cc, pc, psi, si, ser, rc, or a --spec-dir spec)")
    String specName;

    @Option(
            names = "--db",
            paramLabel = "DB",
            description =
                    "with --level, instead of --spec: a database's own level (postgresql, mysql,"
                            + " mariadb, h2)")
    String db;

    @Option(
            names = "--level",
            paramLabel = "LEVEL",
            description =
                    "with --db: read-committed, repeatable-read or serializable (h2 also: snapshot);"
                            + " the specs pg-*, mysql-*, h2-*")
    String level;

    @Option(
            names = "--spec-dir",
            paramLabel = "DIR",
            description = "a directory of user *.spec files to add to the built-ins")
    Path specDir;

    /**
     * Checks the combination and settles {@link #specName} (from --db/--level when given); returns
     * it.
     */
    String choose() {
        specName = DatabaseLevel.chooseSpec(specName, db, level);
        return specName;
    }
}
