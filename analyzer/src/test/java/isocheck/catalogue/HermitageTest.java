package isocheck.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.level.Level;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The comparison with Hermitage's cells: agreement, R/O, and a disagreement explained only for the
 * outcome it names.
 */
class HermitageTest {

    private static final Anomaly PMP = new Anomaly("PMP", "predicate-many-preceders", Level.RA);
    private static final Anomaly P4 = new Anomaly("P4", "lost update", Level.PSI);

    private static Cell cell(String level, Anomaly a, Cell.Outcome o) {
        return new Cell("MariaDB", level, a, o, "x", "the evidence", List.of());
    }

    @Test
    void cellsAgreeDisagreeAndAreExplained() {
        Hermitage h =
                Hermitage.parse(
                        "cells",
                        "# comment\nmysql\trepeatable-read\tPMP\tR/O\nmysql\trepeatable-read\tP4\tadmits\n"
                                + "mysql\tserializable\tP4\tprevents\n",
                        "why",
                        "mysql\tserializable\tP4\tadmits\tbecause the history says so\n");
        List<Hermitage.Comparison> c =
                h.compare(
                        "mysql",
                        List.of(
                                cell(
                                        "repeatable-read",
                                        PMP,
                                        Cell.Outcome.NOT_SEEN), // R/O: the read-only reader is
                                // protected
                                cell(
                                        "repeatable-read",
                                        P4,
                                        Cell.Outcome.ABORTED), // Hermitage: admits
                                cell(
                                        "serializable",
                                        P4,
                                        Cell.Outcome.ADMITTED), // Hermitage: prevents; explained
                                cell(
                                        "read-committed",
                                        P4,
                                        Cell.Outcome.ADMITTED))); // no Hermitage cell: not compared
        assertEquals(3, c.size());
        assertTrue(c.get(0).agrees());
        assertFalse(c.get(1).agrees());
        assertNull(c.get(1).explanation(), "unexplained");
        assertFalse(c.get(2).agrees());
        assertEquals("because the history says so", c.get(2).explanation());

        List<Hermitage.Comparison> ro =
                h.compare("mysql", List.of(cell("repeatable-read", PMP, Cell.Outcome.ADMITTED)));
        assertFalse(ro.get(0).agrees(), "R/O is 'prevents' for the catalogue's read-only reader");

        // An explanation names the outcome it explains: another outcome stays unexplained.
        Hermitage other =
                Hermitage.parse(
                        "cells",
                        "mysql\tserializable\tP4\tadmits\n",
                        "why",
                        "mysql\tserializable\tP4\tadmits\tstale\n");
        assertNull(
                other.compare("mysql", List.of(cell("serializable", P4, Cell.Outcome.BLOCKED)))
                        .get(0)
                        .explanation());
    }

    @Test
    void aMalformedLineIsRefused() {
        assertThrows(
                IllegalStateException.class,
                () -> Hermitage.parse("cells", "mysql\tserializable\tP4\n", "why", ""));
    }
}
