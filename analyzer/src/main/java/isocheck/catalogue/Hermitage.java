package isocheck.catalogue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hermitage's published cells (ept/hermitage, README "Summary of test results": PostgreSQL 9.3 and
 * MySQL/InnoDB rows), as data ({@code isocheck/catalogue/hermitage.tsv}: DBMS, level, anomaly,
 * {@code prevents}/{@code admits}/{@code R/O}/{@code some}), and the explained disagreements
 * ({@code hermitage-disagreements.tsv}: DBMS, level, anomaly, our outcome, why, from the recorded
 * history). "R/O" (prevented in a read-only context: MySQL's REPEATABLE READ on PMP and G-single)
 * is "prevents" here, because the reader of the catalogue's PMP and G-single schedules is
 * read-only; "some" agrees with either outcome.
 */
public final class Hermitage {

    /**
     * One compared cell: Hermitage's word, ours, and the explanation when they differ (null if
     * unexplained).
     */
    public record Comparison(
            Cell cell, String dbms, String hermitage, boolean agrees, String explanation) {}

    private final Map<String, String> expected = new LinkedHashMap<>();
    private final Map<String, String[]> explained = new LinkedHashMap<>();

    private Hermitage() {}

    public static Hermitage load() {
        String cells = "isocheck/catalogue/hermitage.tsv";
        String disagreements = "isocheck/catalogue/hermitage-disagreements.tsv";
        return parse(
                cells,
                AnomalyCatalogue.resource(cells),
                disagreements,
                AnomalyCatalogue.resource(disagreements));
    }

    /** The two tables from their text (tab-separated lines, {@code #} comments). */
    static Hermitage parse(
            String cellsName, String cells, String disagreementsName, String disagreements) {
        Hermitage h = new Hermitage();
        for (String[] f : rows(cellsName, cells, 4)) {
            h.expected.put(key(f[0], f[1], f[2]), f[3]);
        }
        for (String[] f : rows(disagreementsName, disagreements, 5)) {
            h.explained.put(key(f[0], f[1], f[2]), new String[] {f[3], f[4]});
        }
        return h;
    }

    /** Hermitage's word for a cell, or null when Hermitage has no such cell. */
    public String expected(String dbms, String level, String anomaly) {
        return dbms == null ? null : expected.get(key(dbms, level, anomaly));
    }

    /** The explained disagreements: key "dbms level anomaly" → {our outcome, reason}. */
    public Map<String, String[]> explained() {
        return explained;
    }

    /** Compares the cells of a database that has a Hermitage table. */
    public List<Comparison> compare(String dbms, List<Cell> cells) {
        List<Comparison> out = new ArrayList<>();
        for (Cell c : cells) {
            String want = expected(dbms, c.level(), c.anomaly().id());
            if (want == null || c.outcome() == Cell.Outcome.UNDECIDED) {
                continue;
            }
            String ours = c.outcome().prevents() ? "prevents" : "admits";
            boolean agrees =
                    want.equals(ours)
                            || (want.equals("R/O") && ours.equals("prevents"))
                            || want.equals("some");
            String[] why = explained.get(key(dbms, c.level(), c.anomaly().id()));
            String explanation = agrees ? null : why != null && why[0].equals(ours) ? why[1] : null;
            out.add(new Comparison(c, dbms, want, agrees, explanation));
        }
        return out;
    }

    static String key(String dbms, String level, String anomaly) {
        return dbms + " " + level + " " + anomaly;
    }

    private static List<String[]> rows(String resource, String text, int fields) {
        List<String[]> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t");
            if (f.length != fields) {
                throw new IllegalStateException(
                        resource + ": expected " + fields + " tab-separated fields: " + line);
            }
            out.add(f);
        }
        return out;
    }
}
