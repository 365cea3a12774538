package isocheck.cli;

import isocheck.encoding.Encoder;
import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.query.PathBudget;
import isocheck.query.ProofMethod;
import isocheck.query.ProofOptions;
import isocheck.repair.CounterLock;
import isocheck.repair.Promotion;
import isocheck.repair.RepairSearch;
import isocheck.repair.UnifiedDiff;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.spec.SpecLibrary;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code isocheck repair PROGRAM --db postgresql --level L}: the fewest SELECT promotions to FOR
 * UPDATE/FOR SHARE that make the program serializable at L, proved, printed as a unified diff
 * ({@link RepairSearch}).
 */
@Command(
        name = "repair",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Find the fewest statement changes that make the program serializable at a database level, and prove it.",
            "",
            "A change promotes a SELECT to SELECT ... FOR UPDATE (when its transaction also writes the table) or FOR SHARE "
                    + "(Fekete et al., TODS 2005, promotion; Vandevoort et al., VLDB 2021). Candidates are the SELECTs that "
                    + "read the anti-dependencies of the anomalies found; sets are tried by increasing size, each checked by "
                    + "the bounded analysis (--all) and then the unbounded proof of verify. Prints the proof status and a "
                    + "unified diff of the program file; --out writes the repaired file (also a candidate the bounded analysis "
                    + "clears but the proof does not, said so). Exit 0: already serializable "
                    + "(proved), nothing to repair; 1: anomalies found and a proved repair printed; 3: no proved repair "
                    + "within the limits (the reason is printed); 2: bad input."
        })
public final class RepairCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec CommandSpec spec;

    @Parameters(
            index = "0",
            paramLabel = "PROGRAM",
            description = "the program file (.sql, TRANSACTION syntax or PL/pgSQL)")
    Path program;

    @Option(
            names = "--db",
            paramLabel = "DB",
            required = true,
            description = "the database (postgresql, mysql, mariadb, h2)")
    String db;

    @Option(
            names = "--level",
            paramLabel = "LEVEL",
            required = true,
            description =
                    "the level the program must run at: read-committed, repeatable-read or serializable")
    String level;

    @Option(names = "--out", paramLabel = "FILE", description = "write the repaired program here")
    Path out;

    @picocli.CommandLine.Mixin BoundOption boundOption = new BoundOption();

    @Option(
            names = "--max-changes",
            paramLabel = "N",
            defaultValue = "4",
            description = "the largest set of promotions " + "tried (default: ${DEFAULT-VALUE})")
    int maxChanges;

    @Option(
            names = "--max-length",
            paramLabel = "N",
            defaultValue = "8",
            description =
                    "the longest chordless path the proof's shortest-path method asks for (default: ${DEFAULT-VALUE})")
    int maxLength;

    @picocli.CommandLine.Mixin SolverDeadlineOptions deadline = new SolverDeadlineOptions();

    @picocli.CommandLine.Mixin KeyOptions keys = new KeyOptions();

    @Option(names = "--quiet", description = "no progress lines on stderr")
    boolean quiet;

    @Override
    public Integer call() {
        String specName = DatabaseLevel.chooseSpec(null, db, level);
        int bound = boundOption.checked();
        if (maxChanges < 1)
            throw new UserError("--max-changes must be at least 1, not " + maxChanges);
        if (maxLength < 2) throw new UserError("--max-length must be at least 2, not " + maxLength);
        int queryTimeout = deadline.start();
        Inputs.startReading(program);
        SpecLibrary library = Inputs.loadSpecs(null);
        Program loaded =
                Inputs.loadProgram(program); // bad input: file:line:col, exit 2, before any search
        String text;
        try {
            text = Files.readString(program, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserError(program + ": cannot read: " + e.getMessage());
        }
        Spec chosen = Inputs.findSpec(library, specName);
        PrintWriter err = spec.commandLine().getErr();
        java.util.function.Consumer<String> progress =
                line -> {
                    CommandDeadline.stage("the repair search, after: " + line);
                    if (quiet) return;
                    err.println("repair: " + line);
                    err.flush();
                };
        Analysis.Options bounded =
                Analysis.Options.defaults(bound)
                        .withTimeout(queryTimeout)
                        .withUniqueKeys(keys.uniqueKeys)
                        .withKeys(keys.model());
        ProofOptions proof =
                new ProofOptions(
                        ProofMethod.AUTO,
                        maxLength,
                        queryTimeout,
                        null,
                        Encoder.Mode.EXPANDED,
                        keys.uniqueKeys,
                        line -> CommandDeadline.stage("the repair's proof, after: " + line),
                        false,
                        PathBudget.DEFAULT,
                        keys.model());
        long start = System.currentTimeMillis();
        RepairSearch.Result result;
        try {
            result =
                    new RepairSearch(
                                    program.toString(),
                                    text,
                                    chosen,
                                    bounded,
                                    proof,
                                    maxChanges,
                                    progress)
                            .run();
        } catch (SpecException e) {
            throw new UserError(e.getMessage());
        }
        PrintWriter o = spec.commandLine().getOut();
        String subject = program + " at " + db + " " + level + " (spec " + chosen.name() + ")";
        o.printf(
                Locale.ROOT,
                "Repair of %s: %s%n",
                subject,
                switch (result.status()) {
                    case ALREADY_SERIALIZABLE -> "already serializable, nothing to repair";
                    case REPAIRED ->
                            result.changes() + " change" + (result.changes() == 1 ? "" : "s");
                    case NOT_REPAIRED -> "no proved repair";
                });
        if (!result.witnesses().isEmpty()) {
            o.println("Anomalies found on the way (" + result.witnesses().size() + "):");
            for (var w : result.witnesses())
                o.println("  " + w.anomaly() + ": " + RepairSearch.signature(w));
        }
        o.println("Candidates checked:");
        for (RepairSearch.Round r : result.rounds()) {
            o.printf(
                    Locale.ROOT,
                    "  %-60s %s (%d ms)%n",
                    r.promotions().isEmpty() && r.locks().isEmpty() ? "(as written)" : describe(r),
                    r.answer(),
                    r.millis());
        }
        if (result.changes() > 0) {
            o.println("Changes:");
            for (CounterLock l : result.locks())
                o.println("  " + l.at() + ": " + l.type() + " + " + l.sql() + " (after BEGIN)");
            for (Promotion p : result.promotions())
                o.println(
                        "  "
                                + p.pos()
                                + ": "
                                + p.statement()
                                + " "
                                + p.sql().strip()
                                + (p.rewrite().isPresent() ? " ->" + p.change() : p.clause()));
        }
        if (result.proof() != null) {
            o.println(
                    "Proof: "
                            + result.proof().verdict()
                            + (result.proof().provedBy() == null
                                    ? ""
                                    : " by " + result.proof().provedBy().label())
                            + " ("
                            + result.proof().queries()
                            + " queries): "
                            + result.proof().reason());
        }
        if (result.status() == RepairSearch.Status.NOT_REPAIRED)
            o.println("Why: " + result.reason());
        // the last candidate, when the bounded analysis found nothing in it: shown (and written)
        // even
        // without a proof, and said to be unproved
        boolean boundedOnly =
                result.status() == RepairSearch.Status.NOT_REPAIRED
                        && result.proof() != null
                        && result.changes() > 0;
        if (result.status() == RepairSearch.Status.REPAIRED || boundedOnly) {
            o.println();
            if (boundedOnly)
                o.println(
                        "Not proved; no anomaly up to k="
                                + bound
                                + " with this change (bounded only):");
            o.print(UnifiedDiff.of("a/" + program, "b/" + program, text, result.repaired()));
        }
        o.printf(Locale.ROOT, "%nTotal %d ms%n", System.currentTimeMillis() - start);
        o.flush();
        if (out != null && (result.status() != RepairSearch.Status.NOT_REPAIRED || boundedOnly)) {
            try {
                Files.writeString(out, result.repaired(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UserError(out + ": --out: cannot write: " + e.getMessage());
            }
        }
        return switch (result.status()) {
            case ALREADY_SERIALIZABLE -> ExitCode.OK;
            case REPAIRED -> ExitCode.FINDING;
            case NOT_REPAIRED -> ExitCode.UNKNOWN;
        };
    }

    private static String describe(RepairSearch.Round r) {
        StringBuilder sb = new StringBuilder();
        for (CounterLock l : r.locks())
            sb.append(sb.length() == 0 ? "" : ", ").append(l.describe());
        for (Promotion p : r.promotions())
            sb.append(sb.length() == 0 ? "" : ", ").append(p.statement()).append(p.change());
        return sb.toString();
    }
}
