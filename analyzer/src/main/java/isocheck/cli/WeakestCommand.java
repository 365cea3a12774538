package isocheck.cli;

import isocheck.program.Program;
import isocheck.program.Transaction;
import isocheck.query.ProofOptions;
import isocheck.report.WeakestReport;
import isocheck.spec.EntailmentOrder;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.spec.SpecLibrary;
import isocheck.spec.SpecParser;
import isocheck.weakest.AssignmentSearch;
import isocheck.weakest.DangerousStructureProver;
import isocheck.weakest.ForwardDependencyProver;
import isocheck.weakest.ProofApiProver;
import isocheck.weakest.Prover;
import isocheck.weakest.SearchOptions;
import isocheck.weakest.WeakestSpecs;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code isocheck weakest PROGRAM}: the weakest sufficient spec, per program or per transaction
 * type (paper §6).
 */
@Command(
        name = "weakest",
        mixinStandardHelpOptions = true,
        modelTransformer = OutputFormatOption.Described.class,
        versionProvider = VersionProvider.class,
        description = {
            "Find the weakest specs under which the program has no serializability violation.",
            "",
            "Walks the entailment order of --specs (computed by Z3) from the weakest up, runs the bounded cycle search "
                    + "of `analyze` on each (a spec entailing an anomaly-free one is anomaly-free too and is not asked), and "
                    + "tries an unbounded proof of the weakest anomaly-free ones. With --per-transaction, finds a level for "
                    + "each transaction type instead (anomaly-guided search, least total strength) and writes the hybrid spec. "
                    + "Exit 0 answered, 1 no spec (or assignment) is anomaly-free, 2 bad input, 3 unknown."
        })
public final class WeakestCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PROGRAM", description = "the program file (.sql)")
    Path program;

    @Option(
            names = "--specs",
            paramLabel = "S1,S2,…",
            defaultValue = "ec,cc,pc,psi,si,ser",
            split = ",",
            description =
                    "the specs (or per-type levels) to choose from (default: ${DEFAULT-VALUE})")
    List<String> specNames;

    @Option(
            names = "--spec-dir",
            paramLabel = "DIR",
            description = "a directory of user *.spec files to add to the built-ins")
    Path specDir;

    @Option(
            names = "--db",
            paramLabel = "DB",
            description =
                    "choose among a database's own levels instead of --specs "
                            + "(postgresql, mysql, mariadb: read-committed, repeatable-read,"
                            + " serializable; h2: also snapshot)")
    String db;

    @picocli.CommandLine.Mixin BoundOption boundOption = new BoundOption();

    @picocli.CommandLine.Mixin SolverDeadlineOptions deadline = new SolverDeadlineOptions();

    @Option(
            names = "--per-transaction",
            description =
                    "assign each transaction type its own level (include L for T) "
                            + "so that the hybrid spec is anomaly-free, with the least total strength")
    boolean perTransaction;

    @Option(
            names = "--spec-out",
            paramLabel = "FILE",
            description =
                    "with --per-transaction: write the generated hybrid spec "
                            + "to FILE (its name is the file name without .spec; use it with analyze/verify --spec-dir)")
    Path specOut;

    @Option(
            names = "--compare",
            paramLabel = "SPEC",
            split = ",",
            description =
                    "with --per-transaction: say whether the "
                            + "generated spec is weaker or stronger than these specs (entailment by Z3)")
    List<String> compare = new ArrayList<>();

    @Option(
            names = "--base",
            paramLabel = "SPEC",
            split = ",",
            description =
                    "with --per-transaction: specs conjoined to "
                            + "every assignment unchanged (e.g. selective serializability between pairs of types, which no per-type level expresses)")
    List<String> base = new ArrayList<>();

    @Option(
            names = "--max-assignments",
            paramLabel = "N",
            defaultValue = "200",
            description =
                    "with --per-transaction: "
                            + "the most assignments to try before answering unknown (default: ${DEFAULT-VALUE})")
    int maxAssignments;

    @Option(
            names = "--max-length",
            paramLabel = "N",
            defaultValue = "8",
            description =
                    "the longest chordless path the "
                            + "shortest-path proof asks for (default: ${DEFAULT-VALUE})")
    int maxLength;

    @Option(
            names = "--proof-timeout",
            paramLabel = "SECONDS",
            description =
                    "time limit per query of the unbounded proofs "
                            + "(default: --timeout); a query that runs out makes the proof status 'failed (unknown)', never 'proved'")
    Integer proofTimeout;

    @Option(
            names = "--no-proof",
            description = "do not attempt unbounded proofs (the bounded answer only)")
    boolean noProof;

    @Option(
            names = "--assume-keys-below-counters",
            description =
                    "assume the initial database keeps every key drawn from a counter below that counter (as for analyze)")
    boolean keysBelowCounters;

    @picocli.CommandLine.Mixin KeyOptions keys = new KeyOptions();

    @Option(
            names = "--progress",
            description = "print progress on stderr even when it is not a terminal")
    boolean progress;

    @picocli.CommandLine.Mixin
    OutputFormatOption format = new OutputFormatOption(OutputFormat.text, OutputFormat.json);

    @Override
    public Integer call() {
        int bound = boundOption.checked();
        int queryTimeout = deadline.start();
        if (maxAssignments < 1)
            throw new UserError("--max-assignments must be at least 1, not " + maxAssignments);
        if (proofTimeout != null && proofTimeout < 1)
            throw new UserError(
                    "--proof-timeout must be a positive number of seconds, not " + proofTimeout);
        if (maxLength < 2) throw new UserError("--max-length must be at least 2, not " + maxLength);
        if (!perTransaction && specOut != null)
            throw new UserError("--spec-out needs --per-transaction");
        if (!perTransaction && !compare.isEmpty())
            throw new UserError("--compare needs --per-transaction");
        if (!perTransaction && !base.isEmpty())
            throw new UserError("--base needs --per-transaction");
        List<String> names =
                specNames.stream().map(String::trim).filter(s -> !s.isEmpty()).distinct().toList();
        List<java.util.Map.Entry<String, String>> levels = null;
        if (db != null) {
            if (spec.commandLine().getParseResult().hasMatchedOption("--specs")) {
                throw new UserError("give either --specs or --db, not both");
            }
            levels = DatabaseLevel.levels(db);
            names = levels.stream().map(java.util.Map.Entry::getValue).toList();
        }
        if (names.isEmpty()) throw new UserError("--specs names no spec");
        String outName = null;
        if (specOut != null) {
            String fn = specOut.getFileName().toString();
            outName = fn.endsWith(".spec") ? fn.substring(0, fn.length() - 5) : fn;
            if (!fn.endsWith(".spec") || !outName.matches(SpecParser.NAME_PATTERN)) {
                throw new UserError(
                        specOut
                                + ": --spec-out must name a file NAME.spec, NAME of letters, digits, '_' and '-'");
            }
        }
        Inputs.startReading(program);
        List<SpecLibrary.Source> sources = Inputs.specSources(specDir);
        SpecLibrary library = Inputs.library(sources);
        Program loaded = Inputs.loadProgram(program);
        List<Spec> specs = new ArrayList<>();
        for (String n : names) specs.add(Inputs.findSpec(library, n));
        if (outName != null && library.find(outName).isPresent()) {
            throw new UserError(
                    specOut
                            + ": a spec named '"
                            + outName
                            + "' already exists; choose another file name");
        }

        PrintWriter err = spec.commandLine().getErr();
        boolean show = progress || System.console() != null;
        String searched = String.join(", ", names);
        CommandDeadline.stage("the search over " + searched + ", before its first query");
        Consumer<String> lines =
                line -> {
                    CommandDeadline.stage("the search over " + searched + ", after: " + line);
                    if (show) {
                        err.println("weakest: " + line);
                        err.flush();
                    }
                };
        SearchOptions opts =
                SearchOptions.defaults(bound)
                        .withTimeout(queryTimeout)
                        .withUniqueKeys(keys.uniqueKeys)
                        .withKeys(keys.model())
                        .withKeysBelowCounters(keysBelowCounters)
                        .withMaxAssignments(maxAssignments)
                        .withProgress(lines);
        ProofOptions proofOptions =
                ProofOptions.defaults()
                        .withTimeout(proofTimeout == null ? queryTimeout : proofTimeout)
                        .withMaxLength(maxLength)
                        .withUniqueKeys(keys.uniqueKeys)
                        .withKeys(keys.model())
                        .withKeysBelowCounters(keysBelowCounters)
                        .withProgress(
                                line -> {
                                    CommandDeadline.stage("the unbounded proof, after: " + line);
                                    if (show) {
                                        err.println("weakest:   proof: " + line);
                                        err.flush();
                                    }
                                });
        // the dangerous-structure proof (two queries) before the shortest-path and inductive
        // methods: it answers for SmallBank's and TPC-C's per-transaction mixes, where the
        // chordless
        // paths ran out of time (DangerousStructureProver)
        Prover prover =
                noProof
                        ? Prover.unavailable("--no-proof")
                        : new ForwardDependencyProver(
                                new DangerousStructureProver(
                                        proofOptions, new ProofApiProver(proofOptions)));
        WeakestReport.Subject subject = new WeakestReport.Subject(program.toString(), names, bound);
        var out = spec.commandLine().getOut();
        try {
            if (!perTransaction) {
                WeakestSpecs.Result r = WeakestSpecs.run(loaded, specs, opts, prover);
                out.print(
                        format.get() == OutputFormat.json
                                ? WeakestReport.json(subject, r)
                                : WeakestReport.text(subject, r));
                if (levels != null && format.get() == OutputFormat.text)
                    out.print(WeakestReport.databaseSummary(db, levels, r));
                out.flush();
                return switch (r.verdict()) {
                    case ANSWERED -> ExitCode.OK;
                    case NONE_ANOMALY_FREE -> ExitCode.FINDING;
                    case UNKNOWN -> ExitCode.UNKNOWN;
                };
            }
            List<Spec> others = new ArrayList<>();
            for (String c : compare) others.add(Inputs.findSpec(library, c));
            for (String b : base) Inputs.findSpec(library, b);
            String name = outName != null ? outName : defaultName();
            List<String> provenance =
                    List.of(
                            "Per-transaction-type levels for "
                                    + program.getFileName()
                                    + ", found by",
                            "  isocheck weakest "
                                    + program.getFileName()
                                    + " --per-transaction --specs "
                                    + String.join(",", names)
                                    + (base.isEmpty() ? "" : " --base " + String.join(",", base))
                                    + " --bound "
                                    + bound
                                    + keys.flags()
                                    + (keysBelowCounters ? " --assume-keys-below-counters" : ""),
                            "the assignment of least total strength with no dependency cycle of 2.."
                                    + bound
                                    + " transactions.");
            AssignmentSearch.Result r =
                    AssignmentSearch.run(
                            loaded, sources, names, base, opts, prover, name, provenance);
            List<WeakestReport.Comparison> comparisons = new ArrayList<>();
            if (!r.solutions().isEmpty()) {
                Spec generated = r.solutions().get(0).spec().spec();
                List<String> types = loaded.transactions().stream().map(Transaction::name).toList();
                for (Spec o : others) {
                    EntailmentOrder eo =
                            EntailmentOrder.compute(
                                    List.of(generated, o),
                                    new EntailmentOrder.Options(
                                            EntailmentOrder.Method.BOUNDED, 10_000, types));
                    comparisons.add(
                            new WeakestReport.Comparison(
                                    o.name(),
                                    eo.entails(generated.name(), o.name()),
                                    eo.entails(o.name(), generated.name())));
                }
                if (specOut != null) {
                    try {
                        Files.writeString(specOut, r.solutions().get(0).spec().text());
                    } catch (IOException e) {
                        throw new UserError(specOut + ": cannot write: " + e.getMessage());
                    }
                }
            }
            String written =
                    specOut != null && !r.solutions().isEmpty() ? specOut.toString() : null;
            out.print(
                    format.get() == OutputFormat.json
                            ? WeakestReport.json(subject, r, comparisons, written)
                            : WeakestReport.text(subject, r, comparisons, written));
            out.flush();
            return switch (r.verdict()) {
                case FOUND -> ExitCode.OK;
                case NONE_ANOMALY_FREE -> ExitCode.FINDING;
                case UNKNOWN -> ExitCode.UNKNOWN;
            };
        } catch (SpecException e) {
            throw new UserError(e.getMessage());
        }
    }

    /** {@code courseware-per-type} for {@code courseware.sql}. */
    private String defaultName() {
        String base =
                program.getFileName()
                        .toString()
                        .replaceFirst("\\.[^.]*$", "")
                        .replaceAll("[^A-Za-z0-9_-]", "_");
        return (base.isEmpty() ? "program" : base) + "-per-type";
    }
}
