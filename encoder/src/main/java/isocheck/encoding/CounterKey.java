package isocheck.encoding;

import isocheck.program.Cond;
import isocheck.program.Expr;
import isocheck.program.FactExtractor;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.program.Transaction;
import isocheck.program.TransactionFacts;
import isocheck.program.Type;
import isocheck.program.Variable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A key column drawn from a counter: every INSERT into {@code table} (in every program) takes key
 * column {@code column} from the value of a {@link CounterField} r.f it SELECTs (directly or
 * through a local's definition: TPC-C's {@code o_id := dist.d_next_o_id}), its other key columns
 * {@code counterKey} name r (r's i-th key column is the inserted record's column {@code
 * counterKey.get(i)}), and the same transaction increments r.f whenever the INSERT runs (the UPDATE
 * sits outside loops, its guard is a prefix of the INSERT's, and its WHERE is exactly r's key).
 * TPC-C's orders, new_order and order_line draw their order ids from {@code district.d_next_o_id}.
 */
public record CounterKey(
        String table, String column, CounterField counter, List<String> counterKey) {

    /**
     * The counter key a program-declared invariant speaks of ({@link isocheck.program.Invariant}):
     * how the table's key columns name the counter's record; empty when not every INSERT draws the
     * column from that counter (then the invariant cannot be used, and is rejected at load time).
     */
    public static Optional<CounterKey> of(
            isocheck.program.Program program, isocheck.program.Invariant inv) {
        ProgramModel model = new ProgramModel(program);
        for (CounterKey ck : find(model, CounterField.find(model))) {
            if (ck.table().equals(inv.table())
                    && ck.column().equals(inv.column())
                    && ck.counter().table().equals(inv.counterTable())
                    && ck.counter().field().equals(inv.counterField())) {
                return Optional.of(ck);
            }
        }
        return Optional.empty();
    }

    public static List<CounterKey> find(ProgramModel model, List<CounterField> counters) {
        Map<String, List<StatementFacts>> inserts = new LinkedHashMap<>();
        Map<StatementFacts, Transaction> owner = new LinkedHashMap<>();
        for (TransactionFacts tf : model.transactions()) {
            for (StatementFacts sf : tf.statements()) {
                if (sf.statement() instanceof Stmt.Insert) {
                    inserts.computeIfAbsent(sf.table(), k -> new ArrayList<>()).add(sf);
                    owner.put(sf, tf.transaction());
                }
            }
        }
        List<CounterKey> out = new ArrayList<>();
        for (var e : inserts.entrySet()) {
            String table = e.getKey();
            for (String column : model.table(table).primaryKey()) {
                for (CounterField cf : counters) {
                    Optional<List<String>> common = Optional.empty();
                    boolean all = true;
                    for (StatementFacts ins : e.getValue()) {
                        Optional<List<String>> m = drawn(model, owner.get(ins), ins, column, cf);
                        if (m.isEmpty() || (common.isPresent() && !common.get().equals(m.get()))) {
                            all = false;
                            break;
                        }
                        common = m;
                    }
                    if (all && common.isPresent())
                        out.add(new CounterKey(table, column, cf, common.get()));
                }
            }
        }
        return out;
    }

    /**
     * For one INSERT: the mapping from the counter record's key columns to the inserted key
     * columns.
     */
    private static Optional<List<String>> drawn(
            ProgramModel model,
            Transaction txn,
            StatementFacts ins,
            String column,
            CounterField cf) {
        if (!ins.pinsWholeKey()) return Optional.empty();
        Expr value = resolve(model, txn, ins.keyPins().get(column));
        if (!(value instanceof Expr.VarRef ref)) return Optional.empty();
        Variable var = model.variable(txn, ref.variable());
        if (var.kind() != Variable.Kind.LOCAL || !(var.type() instanceof Type.Rows))
            return Optional.empty();
        String field = ref.field() != null ? ref.field() : var.type().fields().get(0).name();
        List<ProgramModel.Assignment> as = model.assignments(txn, var.name());
        if (!field.equals(cf.field())
                || as.size() != 1
                || !as.get(0).loops().isEmpty()
                || !(as.get(0).stmt() instanceof Stmt.Select sel)
                || sel.aggregate().isPresent()
                || !sel.table().equals(cf.table())
                || !model.readsViewValue(txn, sel, field)) {
            return Optional.empty();
        }
        StatementFacts selFacts = model.factsOf(sel);
        if (!selFacts.pinsWholeKey()) return Optional.empty();
        // the inserted record's other key columns name the selected counter record
        List<String> mapping = new ArrayList<>();
        for (String k : model.table(cf.table()).primaryKey()) {
            String want = resolve(model, txn, selFacts.keyPins().get(k)).text();
            String found = null;
            for (var pin : ins.keyPins().entrySet()) {
                if (!pin.getKey().equals(column)
                        && resolve(model, txn, pin.getValue()).text().equals(want))
                    found = pin.getKey();
            }
            if (found == null) return Optional.empty();
            mapping.add(found);
        }
        // and the transaction surely increments that record whenever the INSERT runs
        for (CounterField.Writer w : cf.writers()) {
            StatementFacts up = w.statement().facts();
            if (!w.statement().txn().name().equals(txn.name())
                    || !up.loops().isEmpty()
                    || !up.pinsWholeKey()) continue;
            if (FactExtractor.conjuncts(((Stmt.Update) up.statement()).where()).size()
                    != up.keyPins().size()) continue;
            if (!isPrefix(up.guard(), ins.guard())) continue;
            boolean same = true;
            for (String k : model.table(cf.table()).primaryKey()) {
                same &=
                        resolve(model, txn, up.keyPins().get(k))
                                .text()
                                .equals(resolve(model, txn, selFacts.keyPins().get(k)).text());
            }
            if (same) return Optional.of(mapping);
        }
        return Optional.empty();
    }

    /**
     * The statements ("Txn.S3") of the SELECTs from which the INSERTs of the program's
     * invariant-declared counter keys draw their keys: at READ COMMITTED, promoting all of them to
     * FOR UPDATE turns on {@code DrawnKeyRules#inserterInSnapshot}, a fact about every statement
     * that sees such a key, so a repair search must count them among the candidates of every
     * witness.
     */
    public static java.util.Set<String> drawingSelects(isocheck.program.Program program) {
        ProgramModel model = new ProgramModel(program);
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        for (isocheck.program.Invariant inv : program.invariants()) {
            Optional<CounterKey> ck = of(program, inv);
            if (ck.isEmpty()) continue;
            for (TransactionFacts tf : model.transactions()) {
                for (StatementFacts sf : tf.statements()) {
                    if (!(sf.statement() instanceof Stmt.Insert)
                            || !sf.table().equals(ck.get().table())) continue;
                    drawingSelect(model, tf.transaction(), sf, ck.get())
                            .ifPresent(
                                    sel ->
                                            out.add(
                                                    tf.transaction().name()
                                                            + "."
                                                            + model.factsOf(sel).id()));
                }
            }
        }
        return out;
    }

    /**
     * The SELECT of the counter row from which INSERT {@code ins} of transaction {@code txn} draws
     * the key column of {@code ck} (the statement {@link #drawn} found); empty if none.
     */
    static Optional<Stmt.Select> drawingSelect(
            ProgramModel model, Transaction txn, StatementFacts ins, CounterKey ck) {
        if (drawn(model, txn, ins, ck.column(), ck.counter()).isEmpty()) return Optional.empty();
        Expr value = resolve(model, txn, ins.keyPins().get(ck.column()));
        if (!(value instanceof Expr.VarRef ref)) return Optional.empty();
        List<ProgramModel.Assignment> as =
                model.assignments(txn, model.variable(txn, ref.variable()).name());
        if (as.size() != 1 || !(as.get(0).stmt() instanceof Stmt.Select sel))
            return Optional.empty();
        return Optional.of(sel);
    }

    private static boolean isPrefix(List<Cond> prefix, List<Cond> of) {
        if (prefix.size() > of.size()) return false;
        for (int i = 0; i < prefix.size(); i++) if (prefix.get(i) != of.get(i)) return false;
        return true;
    }

    /** A local with a stable definition stands for that definition. */
    private static Expr resolve(ProgramModel model, Transaction txn, Expr e) {
        if (e instanceof Expr.VarRef ref && ref.field() == null) {
            Variable var = model.variable(txn, ref.variable());
            Optional<Expr> def = model.definition(txn, var);
            if (def.isPresent()) return resolve(model, txn, def.get());
        }
        return e;
    }
}
