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
                    + "RC and RA in O(n^3/2), CC in O(n*k) (AWDIT). Every violation comes with a witness: "
                    + "the bad read, or a cycle whose edges are justified. Levels pc, psi, si, ser and sser are not "
                    + "implemented yet."
        })
public final class CheckCommand implements Callable<Integer> {

    public enum WitnessFormat {
        text,
        json,
        dot
    }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "HISTORY", description = "a history file (or a Cobra log directory)")
    Path history;

    @Option(names = "--level", required = true, paramLabel = "LEVEL", description = "rc, ra, cc, or all")
    String level;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "auto",
            description = "auto (sniff), json, plume, awdit-test, cobra, dbcop, elle-edn, viper (default: ${DEFAULT-VALUE})")
    String format;

    @Option(names = "--witness", paramLabel = "FORMAT", defaultValue = "text", description = "text, json or dot (default: ${DEFAULT-VALUE})")
    WitnessFormat witness;

    @Option(names = "--max-witnesses", paramLabel = "N", defaultValue = "1",
            description = "witnesses to report per level, one per independent cycle (default: ${DEFAULT-VALUE})")
    int maxWitnesses;

    @Override
    public Integer call() {
        List<Level> levels = levels();
        if (maxWitnesses < 1) {
            throw new UserError("--max-witnesses must be at least 1");
        }
        Format fmt = HistoryFiles.format(format, history);
        History h = HistoryFiles.read(history, fmt);
        List<Verdict> verdicts = new ArrayList<>();
        for (Level l : levels) {
            verdicts.add(LevelChecker.of(l, new CheckOptions(maxWitnesses)).check(h));
        }
        PrintWriter out = spec.commandLine().getOut();
        switch (witness) {
            case json -> out.print(json(h, fmt, verdicts));
            case dot -> verdicts.stream().filter(v -> v instanceof Verdict.Violated)
                    .flatMap(v -> ((Verdict.Violated) v).witnesses().stream())
                    .forEach(w -> out.print(w.toDot()));
            default -> out.print(text(h, fmt, verdicts));
        }
        out.flush();
        if (verdicts.stream().anyMatch(v -> v instanceof Verdict.Violated)) {
            return ExitCode.FINDING;
        }
        return verdicts.stream().anyMatch(v -> v instanceof Verdict.Unknown) ? ExitCode.UNKNOWN : ExitCode.OK;
    }

    private List<Level> levels() {
        if (level.equalsIgnoreCase("all")) {
            return Arrays.asList(Level.values());
        }
        try {
            return List.of(Level.parse(level));
        } catch (IllegalArgumentException e) {
            throw new UserError("--level: " + e.getMessage());
        }
    }

    private String text(History h, Format fmt, List<Verdict> verdicts) {
        StringBuilder out = new StringBuilder();
        out.append(history).append(": ").append(summary(h)).append(" (").append(fmt.id()).append(")\n");
        for (Verdict v : verdicts) {
            String id = v.level().id().toUpperCase();
            if (v instanceof Verdict.Consistent) {
                out.append(id).append(": consistent\n");
            } else if (v instanceof Verdict.Unknown u) {
                out.append(id).append(": unknown (").append(u.reason()).append(")\n");
            } else {
                List<Witness> witnesses = ((Verdict.Violated) v).witnesses();
                out.append(id).append(": VIOLATED (").append(witnesses.get(0).name())
                        .append(witnesses.get(0).adya() == null ? "" : ", " + witnesses.get(0).adya()).append(")\n");
                for (Witness w : witnesses) {
                    out.append(w.toText().indent(2));
                }
            }
        }
        return out.toString();
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
        return h.txnCount() + " transactions, " + h.sessionCount() + " sessions, " + h.opCount() + " operations";
    }
}
