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
 * Runs the acceptance rows and prints the table of benchmarks/RESULTS.md (solver time, queries,
 * verdict, the shape found, and the CLI command that reproduces the row). Run from the repository root:
 * {@code java -cp analyzer/target/isocheck.jar:benchmarks/target/classes isocheck.bench.ResultsTable [expanded|quantified
 * [PROGRAM-SUBSTRING [TIMEOUT-SECONDS]]]}
 */
public final class ResultsTable {
    private ResultsTable() {}

    record Row(String program, String spec, int bound, boolean all, boolean unique, int from, String expected) {}

    static final List<Row> ROWS = List.of(
            new Row("benchmarks/programs/bank.sql", "ec", 4, false, false, 2, "lost update at k = 2"),
            new Row("benchmarks/programs/bank.sql", "psi", 4, false, false, 2, "none up to k = 4"),
            new Row("benchmarks/programs/tpcc.sql", "ec", 2, true, false, 2, "lost updates at k = 2"),
            new Row("benchmarks/programs/tpcc.sql", "psi", 3, false, false, 2, "none at k = 2, 3"),
            new Row("benchmarks/programs/tpcc.sql", "psi", 3, false, true, 2, "none at k = 2, 3"),
            new Row("benchmarks/programs/tpcc.sql", "psi", 4, false, true, 4, "long forks at k = 4"),
            new Row("benchmarks/programs/tpcc.sql", "si", 4, false, false, 2, "none up to k = 4"),
            new Row("benchmarks/programs/tpcc.sql", "si", 4, false, true, 2, "none up to k = 4"),
            new Row("benchmarks/programs/courseware.sql", "ec", 2, true, false, 2, "4 anomaly kinds at k = 2"),
            new Row("benchmarks/programs/courseware.sql", "courseware-hybrid-psi", 4, false, true, 2, "long fork of two Enrolls at k = 4"),
            new Row("benchmarks/programs/courseware.sql", "courseware-hybrid-psi", 4, false, false, 2, "long fork of two Enrolls at k = 4"),
            new Row("benchmarks/programs/courseware.sql", "courseware-hybrid-psi-cc", 4, false, false, 2, "long fork of two Enrolls at k = 4"),
            new Row("benchmarks/programs/courseware.sql", "courseware-hybrid-si", 6, false, true, 2, "none up to k = 6"),
            new Row("benchmarks/programs/courseware.sql", "courseware-hybrid-si", 8, false, true, 2, "none up to k = 8"));

    public static void main(String[] args) throws Exception {
        Encoder.Mode mode = args.length > 0 && args[0].equals("quantified") ? Encoder.Mode.QUANTIFIED : Encoder.Mode.EXPANDED;
        System.out.println("| program | spec | expected (paper) | result | queries | solver ms | total ms | command |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        String only = args.length > 1 ? args[1] : "";
        int timeout = args.length > 2 ? Integer.parseInt(args[2]) : 120;
        for (Row r : ROWS) {
            if (!r.program().contains(only)) continue;
            Program p = ProgramLoader.parse(r.program(), Files.readString(Path.of(r.program())));
            SpecLibrary lib = r.spec().startsWith("courseware-")
                    ? SpecLibrary.load(Path.of("benchmarks/programs/courseware-specs")) : SpecLibrary.builtin();
            Analysis.Options o = Analysis.Options.defaults(r.bound()).withAll(r.all()).withUniqueKeys(r.unique())
                    .withFrom(r.from()).withMode(mode).withTimeout(timeout);
            Analysis.Outcome out = Analysis.run(p, lib.get(r.spec()), o);
            String result = switch (out.verdict()) {
                case NONE -> "none up to k = " + r.bound();
                case UNKNOWN -> "unknown (" + out.unknownQuery() + ")";
                case FOUND -> out.anomalies().size() + " at k = " + out.anomalies().get(0).k() + ": "
                        + out.anomalies().stream().limit(3).map(ResultsTable::describe).collect(Collectors.joining("; "))
                        + (out.anomalies().size() > 3 ? "; …" : "");
            };
            String cmd = "`./isocheck analyze " + r.program() + " --spec " + r.spec()
                    + (r.spec().startsWith("courseware-") ? " --spec-dir benchmarks/programs/courseware-specs" : "")
                    + " --bound " + r.bound() + (r.all() ? " --all" : "") + (r.unique() ? " --assume-unique-keys" : "")
                    + (r.from() > 2 ? "` (harness: from k = " + r.from() + ")" : "`");
            System.out.println("| " + Path.of(r.program()).getFileName() + " | " + r.spec() + " | " + r.expected() + " | " + result
                    + " | " + out.queries().size() + " | " + out.solverMillis() + " | " + out.millis() + " | " + cmd + " |");
        }
    }

    static String describe(Witness w) {
        return w.anomaly() + " (" + w.txns().stream().map(Witness.Txn::type).sorted().collect(Collectors.joining(", ")) + ")";
    }
}
