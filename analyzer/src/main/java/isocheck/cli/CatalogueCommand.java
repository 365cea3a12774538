package isocheck.cli;

import isocheck.catalogue.Anomaly;
import isocheck.catalogue.AnomalyCatalogue;
import isocheck.catalogue.Catalogue;
import isocheck.catalogue.CatalogueDatabase;
import isocheck.catalogue.CatalogueReport;
import isocheck.run.RunError;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code isocheck catalogue}: which anomaly each database's isolation levels admit, measured
 * Hermitage-style.
 */
@Command(
        name = "catalogue",
        mixinStandardHelpOptions = true,
        modelTransformer = OutputFormatOption.Described.class,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {
            "Measure which anomalies each database's isolation levels admit (a Hermitage-style table).",
            "",
            "Run one schedule per anomaly kind (Hermitage's G0, G1a, G1b, G1c, OTV, PMP, PMP-write, P4, G-single, G2-item, G2, "
                    + "and causality, long-fork, read-write-skew) on each database at "
                    + "every isolation level it offers, check each recorded history at every level, and print which level "
                    + "admits which anomaly; cells of PostgreSQL are compared with Hermitage's published table.",
            "",
            "Embedded in-memory H2 by default; --db jdbc:postgresql://HOST:PORT/DB (user and password from --user/--password "
                    + "or PGUSER/PGPASSWORD). Each run uses a private schema that is dropped afterwards. Exit 0 when every cell is "
                    + "decided, 3 when one is not."
        })
public final class CatalogueCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Option(
            names = "--db",
            paramLabel = "URL",
            description = "h2 (embedded, the default) or a JDBC URL; repeat for several databases")
    List<String> urls = new ArrayList<>();

    @Option(
            names = "--user",
            paramLabel = "USER",
            description = "database user (default: PGUSER for PostgreSQL)")
    String user;

    @Option(
            names = "--password",
            paramLabel = "PASSWORD",
            description = "database password (default: PGPASSWORD; prefer the variable)")
    String password;

    @picocli.CommandLine.Mixin
    OutputFormatOption format =
            new OutputFormatOption(OutputFormat.text, OutputFormat.json, OutputFormat.markdown);

    @Option(
            names = "--anomaly",
            paramLabel = "IDS",
            description = "only these anomalies, comma-separated (default: all)")
    String anomalies;

    @Option(
            names = "--block-ms",
            paramLabel = "MS",
            defaultValue = "1000",
            description =
                    "a step is taken as waiting for a lock once the database reports it so; where it cannot"
                            + " (SQLite), when not done after MS, elsewhere after at least 10 s"
                            + " (default: ${DEFAULT-VALUE})")
    long blockMillis;

    @Override
    public Integer call() {
        if (blockMillis < 1) {
            throw new UserError("--block-ms must be positive, not " + blockMillis);
        }
        List<Anomaly> selected;
        try {
            selected = AnomalyCatalogue.select(anomalies);
        } catch (IllegalArgumentException e) {
            throw new UserError("--anomaly: " + e.getMessage());
        }
        List<CatalogueDatabase> dbs = new ArrayList<>();
        try {
            for (String url : urls.isEmpty() ? List.of("h2") : urls) {
                dbs.add(CatalogueDatabase.open(url, user, password));
            }
            Catalogue cat = Catalogue.run(dbs, selected, blockMillis, null);
            PrintWriter out = spec.commandLine().getOut();
            out.print(
                    switch (format.get()) {
                        case json -> CatalogueReport.json(cat);
                        case markdown -> CatalogueReport.markdown(cat);
                        default -> CatalogueReport.text(cat);
                    });
            out.flush();
            return cat.decided() ? ExitCode.OK : ExitCode.UNKNOWN;
        } catch (RunError e) {
            throw new UserError(e.getMessage());
        }
    }
}
