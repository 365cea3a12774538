package isocheck.bench;

import isocheck.encoding.Encoder;
import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.SpecLibrary;
import isocheck.witness.Witness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Runs issue 3's acceptance rows (paper §2 and §6) and prints the table of benchmarks/RESULTS.md:
 * the verdict and the shapes found, the number of queries, solver and total time, and the command
 * that reproduces the row. Run from the repository root: {@code java -cp
 * analyzer/target/isocheck.jar:benchmarks/target/classes isocheck.bench.ResultsTable
 * [expanded|quantified [PROGRAM-SUBSTRING [TIMEOUT-SECONDS]]]}
 */
public final class ResultsTable {
    private ResultsTable() {}

    static final String TPCC = "benchmarks/programs/tpcc.sql";
    static final String CW = "benchmarks/programs/courseware.sql";
    static final String TPCC_SPECS = "benchmarks/programs/tpcc-specs";
    static final String CW_SPECS = "benchmarks/programs/courseware-specs";

    /**
     * One row. {@code counters} is --assume-keys-below-counters, {@code unique}
     * --assume-unique-keys; a row with {@code types} asks for one shape (the harness's types=, no
     * CLI flag).
     */
    record Row(
            String program,
            String spec,
            String specDir,
            int bound,
            boolean all,
            boolean unique,
            boolean counters,
            List<String> types,
            String expected) {
        Row(
                String program,
                String spec,
                String specDir,
                int bound,
                boolean all,
                boolean unique,
                boolean counters,
                String expected) {
            this(program, spec, specDir, bound, all, unique, counters, List.of(), expected);
        }

        String command() {
            String flags =
                    " --spec "
                            + spec
                            + (specDir.isEmpty() ? "" : " --spec-dir " + specDir)
                            + " --bound "
                            + bound
                            + (all ? " --all" : "")
                            + (unique ? " --assume-unique-keys" : "")
                            + (counters ? " --assume-keys-below-counters" : "");
            if (!types.isEmpty()) {
                return "`java -cp analyzer/target/isocheck.jar:benchmarks/target/classes isocheck.bench.Harness "
                        + program
                        + " "
                        + spec
                        + " "
                        + bound
                        + " from="
                        + bound
                        + (counters ? " counters" : "")
                        + (unique ? " unique" : "")
                        + " types="
                        + String.join(",", types)
                        + (specDir.isEmpty() ? "" : " specdir=" + specDir)
                        + "`";
            }
            return "`./isocheck analyze " + program + flags + "`";
        }
    }

    static final List<Row> ROWS =
            List.of(
                    new Row(
                            "benchmarks/programs/bank.sql",
                            "ec",
                            "",
                            4,
                            false,
                            false,
                            false,
                            "lost update at k = 2"),
                    new Row(
                            "benchmarks/programs/bank.sql",
                            "psi",
                            "",
                            4,
                            false,
                            false,
                            false,
                            "none up to k = 4"),
                    new Row(TPCC, "ec", "", 2, true, false, false, "lost updates at k = 2"),
                    new Row(
                            TPCC,
                            "psi",
                            "",
                            3,
                            false,
                            false,
                            true,
                            "none at k = 2, 3 (paper's PSI axiom: a causality violation)"),
                    new Row(TPCC, "psi-cc", TPCC_SPECS, 3, false, false, true, "none at k = 2, 3"),
                    new Row(
                            TPCC,
                            "psi-cc",
                            TPCC_SPECS,
                            4,
                            false,
                            false,
                            true,
                            "long fork at k = 4"),
                    new Row(
                            TPCC,
                            "psi-cc",
                            TPCC_SPECS,
                            4,
                            false,
                            false,
                            true,
                            List.of("NewOrder", "Payment", "OrderStatus", "OrderStatus"),
                            "long fork (New-Order, Payment, 2× Order-Status)"),
                    new Row(
                            TPCC,
                            "psi-cc",
                            TPCC_SPECS,
                            4,
                            false,
                            false,
                            true,
                            List.of("NewOrder", "NewOrder", "StockLevel", "StockLevel"),
                            "long fork (2× New-Order, 2× Stock-Level)"),
                    new Row(TPCC, "si", "", 4, false, false, true, "none at k = 4"),
                    new Row(
                            "benchmarks/programs/tpcc-batch-delivery.sql",
                            "si",
                            "",
                            4,
                            false,
                            false,
                            true,
                            "(one-transaction Delivery) the read-only anomaly at k = 4"),
                    new Row(CW, "ec", "", 2, true, false, false, "4 anomaly kinds at k = 2"),
                    new Row(
                            CW,
                            "courseware-hybrid-psi",
                            CW_SPECS,
                            4,
                            false,
                            true,
                            false,
                            "long fork of two Enrolls at k = 4"),
                    new Row(
                            CW,
                            "courseware-hybrid-si",
                            CW_SPECS,
                            6,
                            false,
                            true,
                            false,
                            "none up to k = 6"),
                    new Row(
                            CW,
                            "courseware-hybrid-si",
                            CW_SPECS,
                            8,
                            false,
                            true,
                            false,
                            "none up to k = 8"));

    public static void main(String[] args) throws Exception {
        Encoder.Mode mode =
                args.length > 0 && args[0].equals("quantified")
                        ? Encoder.Mode.QUANTIFIED
                        : Encoder.Mode.EXPANDED;
        System.out.println(
                "| program | spec | expected (paper) | result | queries | solver ms | total ms | command |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        String only = args.length > 1 ? args[1] : "";
        int timeout = args.length > 2 ? Integer.parseInt(args[2]) : 120;
        for (Row r : ROWS) {
            if (!r.program().contains(only)) continue;
            Program p = ProgramLoader.parse(r.program(), Files.readString(Path.of(r.program())));
            SpecLibrary lib =
                    r.specDir().isEmpty()
                            ? SpecLibrary.builtin()
                            : SpecLibrary.load(Path.of(r.specDir()));
            Analysis.Options o =
                    Analysis.Options.defaults(r.bound())
                            .withAll(r.all())
                            .withUniqueKeys(r.unique())
                            .withKeysBelowCounters(r.counters())
                            .withMode(mode)
                            .withTimeout(timeout);
            if (!r.types().isEmpty()) {
                o = o.withFrom(r.bound()).withTypes(r.types());
            }
            Analysis.Outcome out = Analysis.run(p, lib.get(r.spec()), o);
            String result =
                    switch (out.verdict()) {
                        case NONE -> "none up to k = " + r.bound();
                        case UNKNOWN -> "unknown (" + out.unknownQuery() + ")";
                        case FOUND ->
                                out.anomalies().size()
                                        + " at k = "
                                        + out.anomalies().get(0).k()
                                        + ": "
                                        + out.anomalies().stream()
                                                .limit(3)
                                                .map(ResultsTable::describe)
                                                .collect(Collectors.joining("; "))
                                        + (out.anomalies().size() > 3 ? "; …" : "");
                    };
            System.out.println(
                    "| "
                            + Path.of(r.program()).getFileName()
                            + " | "
                            + r.spec()
                            + " | "
                            + r.expected()
                            + " | "
                            + result
                            + " | "
                            + out.queries().size()
                            + " | "
                            + out.solverMillis()
                            + " | "
                            + out.millis()
                            + " | "
                            + r.command()
                            + " |");
        }
    }

    static String describe(Witness w) {
        return w.anomaly()
                + " ("
                + w.txns().stream()
                        .map(Witness.Txn::type)
                        .sorted()
                        .collect(Collectors.joining(", "))
                + ")";
    }
}
