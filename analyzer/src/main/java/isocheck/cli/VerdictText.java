package isocheck.cli;

import isocheck.anomaly.Witness;
import isocheck.level.Verdict;
import java.util.List;
import java.util.Locale;

/**
 * The text form of a level's verdict, the one copy that {@code check} and {@code run} print: {@code
 * LEVEL: consistent}, {@code LEVEL: unknown (reason)} or {@code LEVEL: VIOLATED (anomaly, Adya
 * name)} followed by the witnesses indented by two spaces.
 */
final class VerdictText {

    private VerdictText() {}

    /**
     * Appends the verdict's lines. {@code maxWitnesses} bounds how many witnesses are shown; with
     * {@code maxLineLength} &gt; 0 a longer witness line is cut there and ends in " …" (a run over
     * a live database can produce very long lines).
     */
    static void append(StringBuilder out, Verdict v, int maxWitnesses, int maxLineLength) {
        String id = v.level().id().toUpperCase(Locale.ROOT);
        if (v instanceof Verdict.Consistent) {
            out.append(id).append(": consistent\n");
        } else if (v instanceof Verdict.Unknown u) {
            out.append(id).append(": unknown (").append(u.reason()).append(")\n");
        } else {
            List<Witness> witnesses = ((Verdict.Violated) v).witnesses();
            Witness first = witnesses.get(0);
            out.append(id)
                    .append(": VIOLATED (")
                    .append(first.name())
                    .append(first.adya() == null ? "" : ", " + first.adya())
                    .append(")\n");
            for (Witness w : witnesses.subList(0, Math.min(maxWitnesses, witnesses.size()))) {
                if (maxLineLength <= 0) {
                    out.append(w.toText().indent(2));
                    continue;
                }
                for (String line : w.toText().split("\n")) {
                    out.append("  ")
                            .append(
                                    line.length() > maxLineLength
                                            ? line.substring(0, maxLineLength) + " …"
                                            : line)
                            .append('\n');
                }
            }
        }
    }
}
