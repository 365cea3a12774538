package isocheck.cli;

import isocheck.encoding.Encoder;
import isocheck.program.Program;
import isocheck.query.PathBudget;
import isocheck.query.Proof;
import isocheck.query.ProofMethod;
import isocheck.query.ProofOptions;
import isocheck.query.ProofOutcome;
import isocheck.report.ProofReport;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.spec.SpecLibrary;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code isocheck verify PROGRAM --spec S}: prove every execution serializable (paper §5.2, §5.3).
 */
@Command(
        name = "verify",
        mixinStandardHelpOptions = true,
        modelTransformer = OutputFormatOption.Described.class,
        versionProvider = VersionProvider.class,
        description = {
            "Prove that every execution of the program under the spec is serializable, however long.",
            "",
            "Shortest path (Nagar & Jagannathan, CONCUR 2018, §5.2): the least k with no chordless dependency path of "
                    + "length k, then no cycle of length <= k. Inductive (§5.3): subsets T' of transaction types whose "
                    + "dependencies always follow the arbitration order, removed round by round until the rest cannot "
                    + "depend on each other. Prints the certificate: every query, its answer and time (with --smt-out, its "
                    + "SMT-LIB file). Exit 0 proved, 1 anomaly found on the way, 3 unknown or not proved."
        })
public final class VerifyCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PROGRAM", description = "the program file (.sql)")
    Path program;

    @picocli.CommandLine.Mixin SpecOptions specChoice = new SpecOptions();

    @Option(
            names = "--method",
            paramLabel = "METHOD",
            defaultValue = "auto",
            description =
                    "auto (shortest path, then inductive), shortest-path, inductive, or dangerous-structure (Fekete et al. "
                            + "2005, Theorem 2.1, at SI; below SI the commit-first structure) (default: ${DEFAULT-VALUE})")
    String method;

    @Option(
            names = "--max-length",
            paramLabel = "N",
            defaultValue = "8",
            description =
                    "the longest chordless path the shortest-path method asks for (default: ${DEFAULT-VALUE})")
    int maxLength;

    @picocli.CommandLine.Mixin
    OutputFormatOption format = new OutputFormatOption(OutputFormat.text, OutputFormat.json);

    @Option(
            names = "--smt-out",
            paramLabel = "DIR",
            description = "write every query as SMT-LIB 2 into DIR, numbered in certificate order")
    Path smtOut;

    @picocli.CommandLine.Mixin SolverDeadlineOptions deadline = new SolverDeadlineOptions();

    @Option(
            names = "--assume-keys-below-counters",
            description =
                    "assume the initial database keeps every key drawn from a counter below that counter (as for analyze)")
    boolean keysBelowCounters;

    @picocli.CommandLine.Mixin KeyOptions keys = new KeyOptions();

    @Option(names = "--quiet", description = "no progress lines on stderr")
    boolean quiet;

    @Override
    public Integer call() {
        specChoice.choose();
        if (maxLength < 2) throw new UserError("--max-length must be at least 2, not " + maxLength);
        int queryTimeout = deadline.start();
        ProofMethod m =
                switch (method) {
                    case "auto" -> ProofMethod.AUTO;
                    case "shortest-path" -> ProofMethod.SHORTEST_PATH;
                    case "inductive" -> ProofMethod.INDUCTIVE;
                    case "dangerous-structure" -> ProofMethod.DANGEROUS_STRUCTURE;
                    default ->
                            throw new UserError(
                                    "--method must be auto, shortest-path, inductive or dangerous-structure, not '"
                                            + method
                                            + "'");
                };
        Inputs.startReading(program);
        SpecLibrary library = Inputs.loadSpecs(specChoice.specDir);
        Program loaded = Inputs.loadProgram(program);
        Spec chosen = Inputs.findSpec(library, specChoice.specName);
        Inputs.prepareSmtOut(smtOut);
        CommandDeadline.stage("the proof (" + m.label() + "), before its first query");
        PrintWriter err = spec.commandLine().getErr();
        ProofOptions opts =
                new ProofOptions(
                        m,
                        maxLength,
                        queryTimeout,
                        smtOut,
                        Encoder.Mode.EXPANDED,
                        keys.uniqueKeys,
                        line -> {
                            CommandDeadline.stage("the proof (" + m.label() + "), after: " + line);
                            if (quiet) return;
                            err.println("verify: " + line);
                            err.flush();
                        },
                        keysBelowCounters,
                        PathBudget.DEFAULT,
                        keys.model());
        ProofOutcome outcome;
        try {
            outcome = Proof.verify(loaded, chosen, opts);
        } catch (SpecException e) {
            throw new UserError(e.getMessage());
        }
        ProofReport.Subject subject =
                new ProofReport.Subject(program.toString(), chosen.name(), m.label(), maxLength);
        PrintWriter out = spec.commandLine().getOut();
        out.print(
                format.get() == OutputFormat.json
                        ? ProofReport.json(subject, outcome)
                        : ProofReport.text(subject, outcome));
        out.flush();
        return switch (outcome.verdict()) {
            case PROVED -> ExitCode.OK;
            case ANOMALY -> ExitCode.FINDING;
            case NOT_PROVED, UNKNOWN -> ExitCode.UNKNOWN;
        };
    }
}
