package isocheck.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import isocheck.program.CompareOp;
import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.RowLock;
import isocheck.program.ScalarType;
import isocheck.program.SourcePos;
import isocheck.program.Stmt;
import isocheck.witness.Witness;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * BenchBase SEATS DeleteReservation's {@code SELECT C_ID, FF_AL_ID INTO r_by_ff FROM customer,
 * frequent_flyer WHERE FF_C_ID_STR = p AND FF_C_ID = C_ID}, as frontend.JoinRecord translates it
 * (frequent_flyer into {@code r_by_ff$frequent_flyer}, then customer by {@code c_id =
 * ANY(:r_by_ff$frequent_flyer.ff_c_id)}): with customer 5 the model's pick, customer 5's
 * frequent_flyer rows go first, so that PostgreSQL's join, which returned the rows in
 * frequent_flyer insertion order, gives customer 5 first (witness 2 of stop 21's replay gave
 * customer 49).
 */
class JoinPickOrderTest {

    private static final SourcePos POS = new SourcePos("seats.sql", 354, 7);

    private static Witness.InitialRow customer(String id) {
        return new Witness.InitialRow(
                "customer", Map.of("c_id", id), true, Map.of("c_id_str", "0"));
    }

    private static Witness.InitialRow ff(String c, String al, String str) {
        Map<String, String> key = new LinkedHashMap<>();
        key.put("ff_c_id", c);
        key.put("ff_al_id", al);
        return new Witness.InitialRow("frequent_flyer", key, true, Map.of("ff_c_id_str", str));
    }

    private static Stmt.Select join() {
        Stmt.Select ffs =
                new Stmt.Select(
                        "r_by_ff$frequent_flyer",
                        "frequent_flyer",
                        List.of("ff_c_id", "ff_al_id"),
                        Optional.empty(),
                        new Cond.Compare(
                                CompareOp.EQ,
                                new Expr.ColumnRef(
                                        "frequent_flyer", "ff_c_id_str", ScalarType.STRING, POS),
                                new Expr.VarRef("p_ff_c_id_str", null, ScalarType.STRING, POS),
                                POS),
                        "",
                        POS);
        Cond where =
                new Cond.And(
                        new Cond.Const(true, POS),
                        new Cond.Member(
                                new Expr.ColumnRef("customer", "c_id", ScalarType.STRING, POS),
                                "r_by_ff$frequent_flyer",
                                "ff_c_id",
                                POS),
                        POS);
        return new Stmt.Select(
                "r_by_ff",
                "customer",
                List.of("c_id"),
                Optional.empty(),
                where,
                List.of(),
                Optional.empty(),
                RowLock.NONE,
                List.of(ffs),
                "",
                POS);
    }

    private static Map<String, Witness.InitialRow> seed() {
        Map<String, Witness.InitialRow> rows = new LinkedHashMap<>();
        for (Witness.InitialRow r :
                List.of(
                        customer("5"),
                        customer("49"),
                        ff("49", "50", "51"),
                        ff("5", "50", "69"),
                        ff("55", "56", "51"),
                        ff("5", "65", "51"),
                        ff("5", "48", "51"))) {
            rows.put(r.table() + r.key(), r);
        }
        return rows;
    }

    private static List<String> order(List<Witness.InitialRow> rows, String table) {
        List<String> out = new ArrayList<>();
        for (Witness.InitialRow r : rows) if (r.table().equals(table)) out.add(r.key().toString());
        return out;
    }

    @Test
    void thePickedCustomersFrequentFlyerRowsGoFirst() {
        JoinPickOrder o = new JoinPickOrder(seed());
        o.pick(join(), "customer" + Map.of("c_id", "49"));
        o.pick(join(), "customer" + Map.of("c_id", "5")); // a later transaction's pick: after
        List<Witness.InitialRow> rows = o.rows();
        assertEquals(7, rows.size(), "rows are only reordered");
        assertEquals(List.of("{c_id=49}", "{c_id=5}"), order(rows, "customer"));
        assertEquals(
                List.of(
                        "{ff_c_id=49, ff_al_id=50}",
                        "{ff_c_id=5, ff_al_id=50}",
                        "{ff_c_id=5, ff_al_id=65}",
                        "{ff_c_id=5, ff_al_id=48}",
                        "{ff_c_id=55, ff_al_id=56}"),
                order(rows, "frequent_flyer"));

        JoinPickOrder only5 = new JoinPickOrder(seed());
        only5.pick(join(), "customer" + Map.of("c_id", "5"));
        assertEquals(
                List.of(
                        "{ff_c_id=5, ff_al_id=50}",
                        "{ff_c_id=5, ff_al_id=65}",
                        "{ff_c_id=5, ff_al_id=48}",
                        "{ff_c_id=49, ff_al_id=50}",
                        "{ff_c_id=55, ff_al_id=56}"),
                order(only5.rows(), "frequent_flyer"));
        assertEquals(List.of("{c_id=5}", "{c_id=49}"), order(only5.rows(), "customer"));
    }

    @Test
    void withoutAPickTheSeedKeepsItsOrder() {
        Map<String, Witness.InitialRow> seed = seed();
        assertEquals(List.copyOf(seed.values()), new JoinPickOrder(seed).rows());
    }
}
