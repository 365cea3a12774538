package isocheck.bench;

import isocheck.format.Format;
import isocheck.format.HistoryWriter;
import isocheck.history.History;
import isocheck.level.HardHistories;
import isocheck.level.Level;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Writes a {@link HardHistories} history to a file, in Plume/PolySI text (what PolySI's {@code
 * --type=text} reads) or our JSON Lines, and prints its parameters and the truth known by
 * construction (for the benchmark scripts' cross-check).
 *
 * <pre>
 * java -cp isocheck.jar:benchmarks/target/classes isocheck.bench.HardHistoryGen OUT TXNS SESSIONS
 *     KEYS READS WRITES CONCURRENCY PLANT SEED [FORMAT]
 * </pre>
 *
 * PLANT is none, write-skew, long-fork or lost-update; FORMAT plume (default), json or dbcop (then
 * OUT is a directory that receives history.bincode, dbcop's layout). Output line: {@code OUT txns=…
 * sessions=… ser=true|false|? si=… psi=…}.
 */
public final class HardHistoryGen {
    private HardHistoryGen() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 9) {
            System.err.println(
                    "usage: HardHistoryGen OUT TXNS SESSIONS KEYS READS WRITES CONCURRENCY PLANT"
                            + " SEED [plume|json|dbcop]");
            System.exit(2);
        }
        HardHistories.Params p =
                new HardHistories.Params(
                        Integer.parseInt(args[1]),
                        Integer.parseInt(args[2]),
                        Integer.parseInt(args[3]),
                        Integer.parseInt(args[4]),
                        Integer.parseInt(args[5]),
                        Integer.parseInt(args[6]),
                        HardHistories.Plant.valueOf(
                                args[7].toUpperCase(Locale.ROOT).replace('-', '_')),
                        Long.parseLong(args[8]));
        Format format = args.length > 9 ? Format.parse(args[9]) : Format.PLUME;
        History h = HardHistories.generate(p);
        if (format == Format.DBCOP) {
            DbcopBincodeOut.write(h, Path.of(args[0]));
        } else {
            HistoryWriter.write(h, Path.of(args[0]), format);
        }
        System.out.println(
                args[0]
                        + " txns="
                        + (h.txnCount() - 1)
                        + " sessions="
                        + h.sessionCount()
                        + " ser="
                        + text(p.truth(Level.SER))
                        + " si="
                        + text(p.truth(Level.SI))
                        + " psi="
                        + text(p.truth(Level.PSI)));
    }

    private static String text(Boolean b) {
        return b == null ? "?" : b.toString();
    }
}
