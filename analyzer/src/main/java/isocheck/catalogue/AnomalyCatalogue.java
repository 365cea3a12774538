package isocheck.catalogue;

import isocheck.frontend.ProgramLoader;
import isocheck.level.Level;
import isocheck.program.Program;
import isocheck.run.Schedule;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The anomaly kinds of the catalogue, in Hermitage's column order (Hermitage README, "Summary of
 * test results": G0, G1a, G1b, G1c, OTV, PMP, P4, G-single, G2-item, G2; PMP also with write
 * predicates, Hermitage's second PMP test), then three cycles of Coo's classes that Adya does not
 * name apart (causality violation, long fork, read-write skew, named as {@code
 * vocabulary.CycleClassifier} names them), with their program and schedules from the resources.
 * Each schedule is the interleaving that, run as written, produces the anomaly (the cycle {@code
 * vocabulary.CycleClassifier} names, or Adya's read phenomena G1a/G1b); the database is what may
 * stop it.
 */
public final class AnomalyCatalogue {
    private AnomalyCatalogue() {}

    /** The program every schedule runs. */
    public static final String PROGRAM = "isocheck/catalogue/catalogue.sql";

    public static final List<Anomaly> ALL =
            List.of(
                    new Anomaly(
                            "G0",
                            "write cycle: two writers of x and y, in opposite orders (Adya §4.4.1)",
                            Level.RC),
                    new Anomaly(
                            "G1a",
                            "aborted read: a read of a write later rolled back (Adya §4.4.2)",
                            Level.RC),
                    new Anomaly(
                            "G1b",
                            "intermediate read: a read of a version its writer overwrote (Adya §4.4.2)",
                            Level.RC),
                    new Anomaly(
                            "G1c",
                            "circular information flow: each reads the other's uncommitted write (Adya §4.4.2)",
                            Level.RC),
                    new Anomaly(
                            "OTV",
                            "observed transaction vanishes: T2 observed, then a version T2 overwrote read (Bailis et al., HAT §5.1.2)",
                            Level.RA),
                    new Anomaly(
                            "PMP",
                            "predicate-many-preceders: two predicate reads, an insert between them (Adya §4.4.3)",
                            Level.RA),
                    new Anomaly(
                            "PMP-write",
                            "predicate-many-preceders for write predicates: a DELETE's predicate during an UPDATE of "
                                    + "every row (Hermitage's second PMP test)",
                            Level.RA),
                    new Anomaly(
                            "P4",
                            "lost update: both read x, both write x from it (Berenson et al. 1995, §4.1)",
                            Level.PSI),
                    new Anomaly(
                            "G-single",
                            "read skew: x read before a writer of x and y, y after (Adya §4.4.3)",
                            Level.RA),
                    new Anomaly(
                            "G2-item",
                            "write skew: both read x and y, each writes one (Adya §4.4.4)",
                            Level.SER),
                    new Anomaly(
                            "G2",
                            "predicate write skew: both count, both insert a row the other counts (Adya §4.4.4)",
                            Level.SER),
                    // Cycles Adya gives no name of their own, by the classifier's common names
                    // (Coo's classes in the comments).
                    new Anomaly(
                            "causality",
                            "causality violation: y seen, not the x it was computed from (Coo RAT/MDA)",
                            Level.CC),
                    new Anomaly(
                            "long-fork",
                            "long fork: two readers see two writers in opposite orders (Coo RAT/MDA)",
                            Level.PC),
                    new Anomaly(
                            "read-write-skew",
                            "read-write skew: x read before a writer of x and y, y overwritten after (Coo WAT/DDA)",
                            Level.PSI));

    /** The anomalies named in {@code ids} (comma-separated, any case), or all of them for null. */
    public static List<Anomaly> select(String ids) {
        if (ids == null) {
            return ALL;
        }
        List<Anomaly> out = new ArrayList<>();
        for (String id : ids.split(",")) {
            String want = id.strip();
            Anomaly a =
                    ALL.stream()
                            .filter(x -> x.id().equalsIgnoreCase(want))
                            .findFirst()
                            .orElseThrow(
                                    () ->
                                            new IllegalArgumentException(
                                                    "unknown anomaly '"
                                                            + want
                                                            + "' (known: "
                                                            + String.join(
                                                                    ", ",
                                                                    ALL.stream()
                                                                            .map(Anomaly::id)
                                                                            .toList())
                                                            + ")"));
            if (!out.contains(a)) {
                out.add(a);
            }
        }
        return out;
    }

    public static Program program() {
        return ProgramLoader.parse(PROGRAM, resource(PROGRAM));
    }

    public static Schedule schedule(Anomaly a) {
        return Schedule.parse(
                a.scheduleResource(),
                Arrays.asList(resource(a.scheduleResource()).split("\n", -1)));
    }

    static String resource(String name) {
        try (InputStream in = AnomalyCatalogue.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
