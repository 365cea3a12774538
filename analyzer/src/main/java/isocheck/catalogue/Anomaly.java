package isocheck.catalogue;

import isocheck.level.Level;

/**
 * One anomaly kind of the catalogue: its name (Adya's phenomenon, or Hermitage's column, or a
 * common name), a one-line description, and {@code forbiddenBy}, the weakest checker level whose
 * axioms exclude the history its schedule produces when the database lets the schedule run as
 * written; a cell is "admitted" exactly when the recorded history violates that level. The schedule
 * is the resource {@code isocheck/catalogue/ID.schedule}.
 */
public record Anomaly(String id, String description, Level forbiddenBy) {

    /** The resource holding the schedule. */
    public String scheduleResource() {
        return "isocheck/catalogue/" + id + ".schedule";
    }
}
