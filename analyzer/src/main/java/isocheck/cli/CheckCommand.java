package isocheck.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import isocheck.anomaly.Witness;
import isocheck.format.Format;
import isocheck.history.History;
import isocheck.level.CheckOptions;
import isocheck.level.Level;
import isocheck.level.LevelChecker;
import isocheck.level.Verdict;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code isocheck check HISTORY --level L}: decide an isolation level on a recorded history. */
@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Check a recorded history against an isolation level.",
            "",
            "Read consistency first (thin-air, aborted, future, intermediate reads …), then the level: "
                    + "RC and RA in O(n^3/2), CC in O(n*k) (AWDIT); PC, PSI, SI, SER and strict SER exactly "
                    + "(mini-transaction fast path, Biswas–Enea prefix search, or a polygraph with pruning and a "
                    + "search with learned nogoods; --explain says which). Every violation comes with a witness: "
                    + "the bad read, or a cycle whose edges are justified; every 'consistent' for PC … SSER comes "
                    + "with a commit order that a linear-time validator has checked.",
            "",
            "Exit status: 0 every level holds, 1 a level is violated, 3 undecided within --timeout, 2 bad input."
        })
public final class CheckCommand implements Callable<Integer> {

    public enum WitnessFormat {
        text,
        json,
        dot
    }

    @Spec CommandSpec spec;

    @Parameters(
            index = "0",
            paramLabel = "HISTORY",
            description = "a history file (or a Cobra log directory)")
    Path history;

    @Option(
            names = "--level",
            required = true,
            paramLabel = "LEVEL",
            description =
                    "rc, ra, cc, pc, psi, si, ser, sser (strict serializability), a comma list of them (si,ser), or all")
    String level;

    @Option(
            names = "--timeout",
            paramLabel = "SECONDS",
            description =
                    "time limit for the whole command (reading, indexing and every level's check); when it "
                            + "expires the verdict is 'unknown' with what remained (exit 3)")
    Double timeout;

    @Option(
            names = "--explain",
            description = "say how each verdict was reached: strategy, sizes, pruning, search")
    boolean explain;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "auto",
            description =
                    "auto (sniff), json, plume, awdit-test, cobra, dbcop, dbcop-json, elle-edn, viper (default:"
                            + " ${DEFAULT-VALUE})")
    String format;

    @Option(
            names = "--witness",
            paramLabel = "FORMAT",
            defaultValue = "text",
            description = "text, json or dot (default: ${DEFAULT-VALUE})")
    WitnessFormat witness;

    @Option(
            names = "--max-witnesses",
            paramLabel = "N",
            defaultValue = "1",
            description =
                    "witnesses to report per level, one per independent cycle (default: ${DEFAULT-VALUE})")
    int maxWitnesses;

    /**
     * Where the result goes when {@link FastCheckArgs} parsed the command line (no picocli spec).
     */
    PrintWriter directOut;

    @Override
    public Integer call() {
        List<Level> levels = levels();
        if (maxWitnesses < 1) {
            throw new UserError("--max-witnesses must be at least 1");
        }
        if (timeout != null && !(timeout > 0)) {
            throw new UserError("--timeout must be a positive number of seconds");
        }
        long deadline =
                timeout == null ? Long.MAX_VALUE : System.nanoTime() + (long) (timeout * 1e9);
        if (timeout != null) CommandDeadline.start(timeout, "--timeout " + format(timeout));
        CommandDeadline.stage("reading " + history + ", then checking " + names(levels));
        Format fmt = HistoryFiles.format(format, history);
        History h = HistoryFiles.read(history, fmt);
        List<Verdict> verdicts = new ArrayList<>();
        for (int i = 0; i < levels.size(); i++) {
            Level l = levels.get(i);
            CommandDeadline.stage("checking " + names(levels.subList(i, levels.size())));
            CheckOptions options = new CheckOptions(maxWitnesses);
            if (timeout != null) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    verdicts.add(
                            new Verdict.Unknown(l, "time limit reached before this level started"));
                    continue;
                }
                options = options.withTimeout(java.time.Duration.ofNanos(left));
            }
            verdicts.add(LevelChecker.of(l, options).check(h));
        }
        PrintWriter out = spec != null ? spec.commandLine().getOut() : directOut;
        switch (witness) {
            case json -> out.print(json(h, fmt, verdicts));
            case dot ->
                    verdicts.stream()
                            .filter(v -> v instanceof Verdict.Violated)
                            .flatMap(v -> ((Verdict.Violated) v).witnesses().stream())
                            .forEach(w -> out.print(w.toDot()));
            default -> out.print(text(h, fmt, verdicts));
        }
        out.flush();
        if (verdicts.stream().anyMatch(v -> v instanceof Verdict.Violated)) {
            return ExitCode.FINDING;
        }
        return verdicts.stream().anyMatch(v -> v instanceof Verdict.Unknown)
                ? ExitCode.UNKNOWN
                : ExitCode.OK;
    }

    /** {@code all}, one level, or a comma list of levels (each once, in the order given). */
    private List<Level> levels() {
        if (level.strip().equalsIgnoreCase("all")) {
            return Arrays.asList(Level.values());
        }
        List<Level> levels = new ArrayList<>();
        for (String name : level.split(",", -1)) {
            if (name.isBlank())
                throw new UserError(
                        "--level: '" + level + "' has an empty item; write e.g. si,ser");
            if (name.strip().equalsIgnoreCase("all"))
                throw new UserError("--level: 'all' cannot be part of a list");
            try {
                Level l = Level.parse(name.strip());
                if (!levels.contains(l)) levels.add(l);
            } catch (IllegalArgumentException e) {
                throw new UserError("--level: " + e.getMessage());
            }
        }
        return levels;
    }

    private static String names(List<Level> levels) {
        return String.join(", ", levels.stream().map(l -> l.id().toUpperCase()).toList());
    }

    static String format(double seconds) {
        return seconds == Math.rint(seconds)
                ? String.valueOf((long) seconds)
                : String.valueOf(seconds);
    }

    private String text(History h, Format fmt, List<Verdict> verdicts) {
        StringBuilder out = new StringBuilder();
        out.append(history)
                .append(": ")
                .append(summary(h))
                .append(" (")
                .append(fmt.id())
                .append(")\n");
        for (Verdict v : verdicts) {
            VerdictText.append(out, v, Integer.MAX_VALUE, 0);
            if (explain) {
                for (String note : v.explain()) {
                    out.append("  - ").append(note).append('\n');
                }
                if (v instanceof Verdict.Consistent c && c.commitOrder() != null) {
                    out.append("  - commit order: ")
                            .append(orderText(h, c.commitOrder(), 40))
                            .append('\n');
                }
            }
        }
        return out.toString();
    }

    private static String orderText(History h, int[] co, int max) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < co.length && i < max; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(h.txnLabel(co[i]));
        }
        if (co.length > max) {
            sb.append(" … (").append(co.length - max).append(" more)");
        }
        return sb.toString();
    }

    private String json(History h, Format fmt, List<Verdict> verdicts) {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        root.put("history", history.toString());
        root.put("format", fmt.id());
        root.put("transactions", h.txnCount());
        root.put("sessions", h.sessionCount());
        root.put("operations", h.opCount());
        ArrayNode results = root.putArray("results");
        try {
            for (Verdict v : verdicts) {
                ObjectNode r = results.addObject();
                r.put("level", v.level().id());
                if (explain) {
                    ArrayNode notes = r.putArray("explain");
                    v.explain().forEach(notes::add);
                }
                if (v instanceof Verdict.Consistent c && c.commitOrder() != null) {
                    ArrayNode co = r.putArray("commitOrder");
                    for (int t : c.commitOrder()) {
                        co.add(h.txnLabel(t));
                    }
                }
                if (v instanceof Verdict.Consistent) {
                    r.put("verdict", "consistent");
                } else if (v instanceof Verdict.Unknown u) {
                    r.put("verdict", "unknown");
                    r.put("reason", u.reason());
                } else {
                    r.put("verdict", "violated");
                    ArrayNode ws = r.putArray("witnesses");
                    for (Witness w : ((Verdict.Violated) v).witnesses()) {
                        ws.add(mapper.readTree(w.toJson()));
                    }
                }
            }
            return mapper.writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("witness JSON did not parse", e);
        }
    }

    private static String summary(History h) {
        return h.txnCount()
                + " transactions, "
                + h.sessionCount()
                + " sessions, "
                + h.opCount()
                + " operations";
    }
}
