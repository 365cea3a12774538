package isocheck.bridge;

import isocheck.program.Blocks;
import isocheck.program.Constraint;
import isocheck.program.Expr;
import isocheck.program.Program;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.Transaction;
import isocheck.program.Variable;
import isocheck.witness.Witness;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parent rows the FOREIGN KEYs of a witness's INSERTs and UPDATEs reference (PostgreSQL manual
 * §5.5.5): an INSERT whose referencing columns name a parent the seed lacks aborts in the database,
 * while the encoder, which does not model FOREIGN KEYs, lets every INSERT succeed (more executions:
 * sound). So a replay whose INSERT aborts on its FOREIGN KEY replays another history than the
 * witness's (BenchBase AuctionMark: NewBid inserts {@code item_bid} with {@code ib_buyer_id =
 * p_buyer_id}, a user no statement reads, so the model's initial state does not name it).
 *
 * <p>A referencing column's value is known when the INSERT writes a parameter (the model's value
 * for that transaction) or a literal, or, for a key column, from the inserted row itself when the
 * model names it: the initial rows hold every record a statement names by its whole key, so an
 * INSERT's row is there, absent, and the one absent row of the table that agrees with the known key
 * columns gives the others (NewPurchase's {@code ip_ib_id = r_i.ib_id}). A foreign key with a
 * column of unknown value is left out (INSERTs in loops write loop variables: left out).
 *
 * <p>An UPDATE that sets every referencing column of a foreign key to a known value (a parameter or
 * a literal) references that parent in the same way (perform-then-join.sql: Outbid's {@code SET
 * bid_id = p_bid}, a bid no statement reads, so the model's initial state does not name it, and the
 * replay's UPDATE aborted on the FOREIGN KEY).
 */
final class WrittenRowParents {

    private WrittenRowParents() {}

    /** A parent row to seed: its table and referenced column values (model numbers). */
    record Parent(String table, Map<String, String> referenced, String because) {}

    static List<Parent> of(
            Program program,
            List<Witness.InitialRow> seed,
            List<Witness.Txn> txns,
            Map<String, String> stringLiterals) {
        // each INSERT of the witness's transactions with the column values the model fixes
        List<Written> writes = new ArrayList<>();
        for (Witness.Txn x : txns) {
            Optional<Transaction> type = program.transaction(x.type());
            if (type.isEmpty()) continue;
            List<Stmt.Sql> statements = new ArrayList<>();
            collect(type.get().body(), statements);
            for (Stmt.Sql st : statements) {
                Table t = program.schema().table(st.table()).orElse(null);
                if (t == null) continue;
                if (st instanceof Stmt.Insert ins)
                    writes.add(
                            new Written(
                                    x,
                                    t,
                                    true,
                                    written(
                                            ins,
                                            type.get(),
                                            x.parameters(),
                                            stringLiterals,
                                            seed,
                                            t)));
                else if (st instanceof Stmt.Update u) {
                    Map<String, String> set = new LinkedHashMap<>();
                    for (isocheck.program.Assignment a : u.assignments()) {
                        String v = value(a.value(), type.get(), x.parameters(), stringLiterals);
                        if (v != null) set.put(a.column(), v);
                    }
                    writes.add(new Written(x, t, false, set));
                }
            }
        }
        List<Parent> out = new ArrayList<>();
        for (Written w : writes) {
            for (Constraint c : w.table().constraints()) {
                if (!(c instanceof Constraint.ForeignKey fk)) continue;
                Map<String, String> wanted = new LinkedHashMap<>();
                for (int j = 0; j < fk.columns().size(); j++) {
                    String v = w.values().get(fk.columns().get(j));
                    if (v == null) break;
                    wanted.put(fk.referenced().get(j), v);
                }
                if (wanted.size() < fk.columns().size()) continue;
                // a parent one of the transactions inserts itself is not seeded (the seeded row
                // would make that INSERT fail on its key)
                if (insertedByWitness(writes, fk.table(), wanted)) continue;
                out.add(
                        new Parent(
                                fk.table(),
                                wanted,
                                w.txn().id()
                                        + (w.insert() ? "'s INSERT INTO " : "'s UPDATE of ")
                                        + w.table().name()
                                        + " ("
                                        + fk.sql()
                                        + ")"));
            }
        }
        return out;
    }

    /**
     * An INSERT (or an UPDATE's SET) of a witness's transaction with the column values the model
     * fixes.
     */
    private record Written(
            Witness.Txn txn, Table table, boolean insert, Map<String, String> values) {}

    private static boolean insertedByWitness(
            List<Written> writes, String table, Map<String, String> wanted) {
        for (Written w : writes) {
            if (!w.insert() || !w.table().name().equals(table)) continue;
            boolean all = true;
            for (Map.Entry<String, String> e : wanted.entrySet()) {
                if (!e.getValue().equals(w.values().get(e.getKey()))) all = false;
            }
            if (all) return true;
        }
        return false;
    }

    /**
     * Every INSERT and UPDATE of a body, outside loops (a loop's INSERT writes its loop variable).
     */
    private static void collect(List<Stmt> body, List<Stmt.Sql> out) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Insert || s instanceof Stmt.Update) out.add((Stmt.Sql) s);
            else if (!(s instanceof Stmt.Foreach))
                for (List<Stmt> inner : Blocks.of(s)) collect(inner, out);
        }
    }

    /** The INSERT's column values that the model fixes, as model numbers. */
    private static Map<String, String> written(
            Stmt.Insert ins,
            Transaction type,
            Map<String, String> parameters,
            Map<String, String> stringLiterals,
            List<Witness.InitialRow> seed,
            Table t) {
        Map<String, String> known = new LinkedHashMap<>();
        for (int i = 0; i < ins.columns().size() && i < ins.values().size(); i++) {
            String v = value(ins.values().get(i), type, parameters, stringLiterals);
            if (v != null) known.put(ins.columns().get(i), v);
        }
        // the inserted row as the model names it: the one absent seeded row agreeing on the known
        // key columns
        Witness.InitialRow match = null;
        int matches = 0;
        for (Witness.InitialRow r : seed) {
            if (r.alive() || !r.table().equals(t.name())) continue;
            boolean agrees = true;
            int fixed = 0;
            for (Map.Entry<String, String> k : r.key().entrySet()) {
                String v = known.get(k.getKey());
                if (v == null) continue;
                fixed++;
                if (!v.equals(k.getValue())) agrees = false;
            }
            if (agrees && fixed > 0) {
                match = r;
                matches++;
            }
        }
        if (matches == 1) {
            for (Map.Entry<String, String> k : match.key().entrySet()) {
                if (ins.columns().contains(k.getKey())) known.putIfAbsent(k.getKey(), k.getValue());
            }
        }
        return known;
    }

    /**
     * A parameter's or literal's model number; null for anything else (a local, a read value, an
     * expression) and for NULL (a FOREIGN KEY with a NULL column is not checked, MATCH SIMPLE).
     */
    private static String value(
            Expr e,
            Transaction type,
            Map<String, String> parameters,
            Map<String, String> stringLiterals) {
        if (e instanceof Expr.IntLit lit) return Long.toString(lit.value());
        if (e instanceof Expr.StrLit lit) return Witness.literalNumber(lit.value(), stringLiterals);
        if (!(e instanceof Expr.VarRef ref) || ref.hasField()) return null;
        Variable p = type.variable(ref.variable()).orElse(null);
        if (p == null || p.kind() != Variable.Kind.PARAMETER) return null;
        String v = parameters.get(p.name());
        if (v == null || v.equals("NULL")) return null;
        if (!v.startsWith("'")) return v; // an integer, as the model prints it
        return Witness.modelNumber(v, stringLiterals);
    }
}
