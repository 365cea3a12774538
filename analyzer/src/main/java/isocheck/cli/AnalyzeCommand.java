package isocheck.cli;

import isocheck.bridge.SnapshotSchedule;
import isocheck.bridge.StatementSchedule;
import isocheck.bridge.WitnessHistory;
import isocheck.encoding.Encoder;
import isocheck.encoding.ProgramModel;
import isocheck.format.HistoryFormatException;
import isocheck.format.HistoryWriter;
import isocheck.history.History;
import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.report.AnalysisReport;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.spec.SpecLibrary;
import isocheck.witness.Witness;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code isocheck analyze PROGRAM --spec S}: bounded detection of serializability violations (paper
 * §5.1).
 */
@Command(
        name = "analyze",
        mixinStandardHelpOptions = true,
        modelTransformer = OutputFormatOption.Described.class,
        versionProvider = VersionProvider.class,
        description = {
            "Find serializability violations: dependency cycles of 2..K transactions that the spec allows.",
            "",
            "Encodes the program and the spec in first-order logic (Nagar & Jagannathan, CONCUR 2018, §4) and asks Z3 "
                    + "for a cycle of length k = 2, 3, ..., K, shortest first. Exit 1 with a witness when one exists, "
                    + "0 when none up to K, 3 when a query gives no answer in time."
        })
public final class AnalyzeCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PROGRAM", description = "the program file (.sql)")
    Path program;

    @picocli.CommandLine.Mixin SpecOptions specChoice = new SpecOptions();

    @picocli.CommandLine.Mixin BoundOption boundOption = new BoundOption();

    @Option(
            names = "--all",
            description =
                    "enumerate every distinct anomaly at the shortest length that has one "
                            + "(distinct by transaction types, edge kinds and statement pairs)")
    boolean all;

    @picocli.CommandLine.Mixin
    OutputFormatOption format =
            new OutputFormatOption(
                    OutputFormat.text, OutputFormat.json, OutputFormat.dot, OutputFormat.sarif);

    @Option(
            names = "--smt-out",
            paramLabel = "DIR",
            description = "write every query as SMT-LIB 2 (for z3 or another solver) into DIR")
    Path smtOut;

    @Option(
            names = "--history-out",
            paramLabel = "FILE",
            description =
                    "write the witness as a concrete history "
                            + "(isocheck JSON Lines) for 'isocheck check'; with --all, one file per anomaly: FILE-1.jsonl, FILE-2.jsonl, ... "
                            + "(the number before FILE's extension). At read committed each statement "
                            + "reads its own snapshot; exit 2 naming a witness whose statements have none")
    Path historyOut;

    @Option(
            names = "--schedule-out",
            paramLabel = "FILE",
            description =
                    "write the witness as a schedule for "
                            + "'isocheck run --schedule' (commits in ar order; each snapshot after the commits it sees: per transaction, "
                            + "or per statement for read committed); "
                            + "with --all, FILE-1.schedule, ...; exit 2 naming the transactions when the witness has no snapshot schedule. "
                            + "At a --db level the witness then comes from an execution of the cycle's transactions alone "
                            + "when the solver finds one (one more solve per witness)")
    Path scheduleOut;

    @picocli.CommandLine.Mixin SolverDeadlineOptions deadline = new SolverDeadlineOptions();

    @Option(
            names = "--threads",
            paramLabel = "N",
            description =
                    "solver queries asked at once, each in a Z3 context of its own; "
                            + "the report is the same for every N (default: 2, or 1 on a one-processor machine)")
    Integer threads;

    @picocli.CommandLine.Mixin KeyOptions keys = new KeyOptions();

    @Option(
            names = "--assume-keys-below-counters",
            description =
                    "assume the initial database keeps every key drawn from a "
                            + "counter (o_id := d_next_o_id; d_next_o_id only incremented) below that counter, as TPC-C's population does")
    boolean keysBelowCounters;

    @Option(
            names = "--mode",
            paramLabel = "MODE",
            defaultValue = "expanded",
            description =
                    "expanded (default: transactions fixed "
                            + "to the cycle's, rules instantiated on its witnesses) or quantified (the paper's formulas, Z3 MBQI)")
    String mode;

    private static String version() {
        try {
            return new VersionProvider().getVersion()[0].replace("isocheck ", "");
        } catch (IOException e) {
            return "unknown";
        }
    }

    /**
     * The file of anomaly {@code n} (1-based): FILE itself, or with --all FILE-n before its
     * extension.
     */
    static Path historyFile(Path file, boolean numbered, int n) {
        if (!numbered) return file;
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String numberedName =
                dot > 0 ? name.substring(0, dot) + "-" + n + name.substring(dot) : name + "-" + n;
        return file.resolveSibling(numberedName);
    }

    /**
     * Every witness as a history (report {@link WitnessHistory}); one message line per witness: the
     * file written, or why the witness has none. A witness edge the history does not reproduce is a
     * defect of isocheck (exit 70 with the reason, no file for that witness), except at statement
     * granularity, where the model over-approximates the statements' snapshots (a statement may
     * have to see a commit that follows a later statement's start, as --schedule-out reports it):
     * that witness is named, no file is written, and the command exits 2.
     */
    private List<String> writeHistories(Program loaded, Analysis.Outcome outcome, Spec chosen) {
        ProgramModel model = new ProgramModel(loaded);
        List<String> written = new ArrayList<>();
        int n = 0;
        for (Witness w : outcome.anomalies()) {
            n++;
            Path file = historyFile(historyOut, all, n);
            History h;
            try {
                // statement snapshots, except for a type the spec gives one snapshot
                h =
                        WitnessHistory.of(
                                w,
                                model,
                                type ->
                                        chosen.hasStatementSnapshots()
                                                && !chosen.singleSnapshotFor(type));
            } catch (WitnessHistory.EdgeNotReproduced e) {
                if (chosen.hasStatementSnapshots()) {
                    written.add(
                            "--history-out: anomaly "
                                    + n
                                    + " ("
                                    + w.anomaly()
                                    + ") has no history at statement granularity: "
                                    + e.getMessage());
                    continue;
                }
                throw new InternalDefect(
                        "anomaly "
                                + n
                                + " ("
                                + w.anomaly()
                                + "): the witness edge "
                                + e.getMessage());
            }
            try {
                HistoryWriter.write(h, file, isocheck.format.Format.JSON);
            } catch (IOException | HistoryFormatException e) {
                throw new UserError(file + ": cannot write: " + e.getMessage());
            }
            written.add("witness history: " + file);
        }
        return written;
    }

    @Override
    public Integer call() {
        specChoice.choose();
        int bound = boundOption.checked();
        int queryTimeout = deadline.start();
        if (threads != null && threads < 1)
            throw new UserError("--threads must be at least 1, not " + threads);
        Encoder.Mode m =
                switch (mode) {
                    case "expanded" -> Encoder.Mode.EXPANDED;
                    case "quantified" -> Encoder.Mode.QUANTIFIED;
                    default ->
                            throw new UserError(
                                    "--mode must be expanded or quantified, not '" + mode + "'");
                };
        Inputs.startReading(program);
        SpecLibrary library = Inputs.loadSpecs(specChoice.specDir);
        Program loaded = Inputs.loadProgram(program);
        Spec chosen = Inputs.findSpec(library, specChoice.specName);
        Inputs.prepareSmtOut(smtOut);
        CommandDeadline.stage(
                "building, encoding and solving the queries for cycles of 2.."
                        + bound
                        + " transactions");
        Analysis.Options opts =
                Analysis.Options.defaults(bound)
                        .withAll(all)
                        .withTimeout(queryTimeout)
                        .withSmtOut(smtOut)
                        .withMode(m)
                        .withUniqueKeys(keys.uniqueKeys)
                        .withKeys(keys.model())
                        .withKeysBelowCounters(keysBelowCounters)
                        .withClosedWorld(scheduleOut != null);
        if (threads != null) opts = opts.withThreads(threads);
        Analysis.Outcome outcome;
        try {
            outcome = Analysis.run(loaded, chosen, opts);
        } catch (SpecException e) {
            throw new UserError(e.getMessage());
        }
        CommandDeadline.stage("writing the report");
        List<String> histories =
                historyOut == null ? List.of() : writeHistories(loaded, outcome, chosen);
        List<String> schedules =
                scheduleOut == null ? List.of() : writeSchedules(loaded, outcome, chosen);
        AnalysisReport.Subject subject =
                new AnalysisReport.Subject(program.toString(), chosen.name(), bound);
        var out = spec.commandLine().getOut();
        out.print(
                switch (format.get()) {
                    case text -> AnalysisReport.text(subject, outcome);
                    case json -> AnalysisReport.json(subject, outcome);
                    case dot -> AnalysisReport.dot(subject, outcome);
                    case sarif -> AnalysisReport.sarif(subject, outcome, version());
                    case markdown -> throw new IllegalStateException("analyze writes no markdown");
                });
        out.flush();
        boolean unrealisable = false;
        List<String> written = new ArrayList<>(histories);
        written.addAll(schedules);
        for (String line : written) {
            spec.commandLine().getErr().println(line);
            // "--history-out: …" or "--schedule-out: …": a witness without one
            unrealisable |= line.startsWith("--");
        }
        if (outcome.verdict() == Analysis.Verdict.UNKNOWN) {
            spec.commandLine()
                    .getErr()
                    .println(
                            "unknown: query '"
                                    + outcome.unknownQuery()
                                    + "' gave no answer ("
                                    + outcome.unknownReason()
                                    + "); raise --timeout or lower --bound");
            return ExitCode.UNKNOWN;
        }
        if (unrealisable) {
            return ExitCode.BAD_INPUT;
        }
        return outcome.verdict() == Analysis.Verdict.FOUND ? ExitCode.FINDING : ExitCode.OK;
    }

    /**
     * Every witness as a snapshot schedule (report {@link SnapshotSchedule}), or at statement
     * granularity for a spec with one snapshot per statement ({@link StatementSchedule}); one
     * message line per witness: the file written, or why the witness has none (then the command
     * exits 2).
     */
    private List<String> writeSchedules(Program loaded, Analysis.Outcome outcome, Spec chosen) {
        List<String> lines = new ArrayList<>();
        int n = 0;
        String command =
                "isocheck analyze "
                        + program
                        + " --spec "
                        + specChoice.specName
                        + " --bound "
                        + boundOption.bound
                        + keys.flags()
                        + (keysBelowCounters ? " --assume-keys-below-counters" : "")
                        + (all ? " --all" : "");
        for (Witness w : outcome.anomalies()) {
            n++;
            Path file = scheduleFile(scheduleOut, all, n);
            String text;
            try {
                text =
                        chosen.hasStatementSnapshots()
                                ? StatementSchedule.of(
                                        w, loaded, command, chosen::singleSnapshotFor)
                                : SnapshotSchedule.of(w, loaded, command);
            } catch (SnapshotSchedule.Unrealisable e) {
                lines.add(
                        "--schedule-out: anomaly "
                                + n
                                + " ("
                                + w.anomaly()
                                + ") has no snapshot schedule: "
                                + e.getMessage());
                continue;
            }
            try {
                java.nio.file.Files.writeString(file, text);
            } catch (IOException e) {
                throw new UserError(file + ": cannot write: " + e.getMessage());
            }
            lines.add("witness schedule: " + file);
        }
        return lines;
    }

    private static Path scheduleFile(Path base, boolean numbered, int n) {
        if (!numbered) return base;
        String name = base.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String numberedName =
                dot > 0 ? name.substring(0, dot) + "-" + n + name.substring(dot) : name + "-" + n;
        return base.resolveSibling(numberedName);
    }
}
