package isocheck.catalogue;

import isocheck.program.Program;
import isocheck.run.RunError;
import isocheck.run.Schedule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The catalogue of a set of databases: every anomaly's schedule run at every level of every
 * database, each cell decided by {@link CellJudge}, and the cells of databases Hermitage tested
 * compared with its table.
 */
public record Catalogue(
        List<Anomaly> anomalies,
        Map<String, List<String>> levels,
        List<Cell> cells,
        List<Hermitage.Comparison> comparisons,
        Hermitage hermitage) {

    /** Runs it; {@code progress} hears of each cell as it is decided (may be null). */
    public static Catalogue run(
            List<CatalogueDatabase> databases,
            List<Anomaly> anomalies,
            long blockMillis,
            java.util.function.Consumer<Cell> progress) {
        Program program = AnomalyCatalogue.program();
        Map<String, Schedule> schedules = new LinkedHashMap<>();
        for (Anomaly a : anomalies) {
            schedules.put(a.id(), AnomalyCatalogue.schedule(a));
        }
        Hermitage hermitage = Hermitage.load();
        Map<String, List<String>> levels = new LinkedHashMap<>();
        List<Cell> cells = new ArrayList<>();
        List<Hermitage.Comparison> comparisons = new ArrayList<>();
        for (CatalogueDatabase db : databases) {
            String name = db.name();
            for (int n = 2; levels.containsKey(name); n++) {
                name =
                        db.name() + " #"
                                + n; // the same engine given twice (two servers): keep both rows
                // apart
            }
            levels.put(name, db.levels());
            List<Cell> mine = new ArrayList<>();
            for (String level : db.levels()) {
                for (Anomaly a : anomalies) {
                    Cell c;
                    try {
                        c =
                                CellJudge.judge(
                                        name,
                                        level,
                                        a,
                                        db.run(program, schedules.get(a.id()), level, blockMillis));
                    } catch (RunError e) {
                        if (e.getMessage().startsWith("cannot connect")
                                || e.getMessage().startsWith("cannot create schema")) {
                            throw e; // the server went away: no cell can be decided
                        }
                        c = CellJudge.failed(name, level, a, e.getMessage());
                    }
                    mine.add(c);
                    if (progress != null) {
                        progress.accept(c);
                    }
                }
            }
            cells.addAll(mine);
            if (db.hermitageName() != null) {
                comparisons.addAll(hermitage.compare(db.hermitageName(), mine));
            }
        }
        return new Catalogue(anomalies, levels, cells, comparisons, hermitage);
    }

    /** The cell of {@code database} at {@code level} for {@code anomaly}. */
    public Cell cell(String database, String level, String anomaly) {
        for (Cell c : cells) {
            if (c.database().equals(database)
                    && c.level().equals(level)
                    && c.anomaly().id().equals(anomaly)) {
                return c;
            }
        }
        throw new IllegalArgumentException("no cell " + database + " " + level + " " + anomaly);
    }

    /** Whether every cell has a verdict. */
    public boolean decided() {
        return cells.stream().noneMatch(c -> c.outcome() == Cell.Outcome.UNDECIDED);
    }

    /** The disagreements with Hermitage that the explained list does not cover. */
    public List<Hermitage.Comparison> unexplained() {
        return comparisons.stream().filter(c -> !c.agrees() && c.explanation() == null).toList();
    }
}
