package isocheck.encoding;

import isocheck.program.ArithOp;
import isocheck.program.Expr;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.program.TransactionFacts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A field only ever incremented: every statement of every program that writes {@code table.field}
 * is an UPDATE setting it to {@code field + c} (or {@code c + field}) for an integer literal {@code
 * c ≥ 1}, and no program inserts into or deletes from the table (an INSERT would write an arbitrary
 * value). TPC-C's {@code district.d_next_o_id} is one. Under a spec in which every writer of a
 * record's field sees the earlier ones ({@link WriterVisibility}) such a field's values strictly
 * increase along ar, which {@link CounterRules} turns into facts about the transactions' views.
 *
 * @param writers each writing statement with its increment
 */
public record CounterField(String table, String field, List<Writer> writers) {

    /** One incrementing statement of a transaction type, and its increment. */
    public record Writer(Encoder.StatementRef statement, long increment) {}

    /** The transaction types that write the field. */
    public Set<String> writerTypes() {
        Set<String> out = new LinkedHashSet<>();
        for (Writer w : writers) out.add(w.statement().txn().name());
        return out;
    }

    /** The counters of a program that some SELECT reads (only those can matter to a query). */
    public static List<CounterField> find(ProgramModel model) {
        Map<List<String>, List<Writer>> writers = new LinkedHashMap<>();
        Set<List<String>> broken = new LinkedHashSet<>();
        Set<List<String>> selected = new LinkedHashSet<>();
        for (TransactionFacts tf : model.transactions()) {
            for (StatementFacts sf : tf.statements()) {
                if (sf.statement() instanceof Stmt.Select) {
                    for (String f : model.readFields(sf)) selected.add(List.of(sf.table(), f));
                }
                for (String f : model.writeFields(sf)) {
                    List<String> key = List.of(sf.table(), f);
                    Optional<Long> inc = increment(sf, f);
                    if (inc.isEmpty() || !model.isStatic(sf.table())) broken.add(key);
                    else
                        writers.computeIfAbsent(key, k -> new ArrayList<>())
                                .add(
                                        new Writer(
                                                new Encoder.StatementRef(tf.transaction(), sf),
                                                inc.get()));
                }
            }
        }
        List<CounterField> out = new ArrayList<>();
        for (var e : writers.entrySet()) {
            if (broken.contains(e.getKey()) || !selected.contains(e.getKey())) continue;
            out.add(
                    new CounterField(
                            e.getKey().get(0), e.getKey().get(1), List.copyOf(e.getValue())));
        }
        return out;
    }

    /**
     * {@code c} when the statement is an UPDATE that sets the field to itself plus a literal c ≥ 1.
     */
    static Optional<Long> increment(StatementFacts sf, String field) {
        if (!(sf.statement() instanceof Stmt.Update u)) return Optional.empty();
        for (isocheck.program.Assignment a : u.assignments()) {
            if (!a.column().equals(field)) continue;
            if (a.value() instanceof Expr.Arith ar && ar.op() == ArithOp.ADD) {
                Optional<Long> c = literalBeside(ar.left(), ar.right(), field);
                return c.isPresent() ? c : literalBeside(ar.right(), ar.left(), field);
            }
            return Optional.empty();
        }
        return Optional.empty();
    }

    private static Optional<Long> literalBeside(Expr self, Expr other, String field) {
        if (self instanceof Expr.ColumnRef c
                && c.column().equals(field)
                && other instanceof Expr.IntLit i
                && i.value() >= 1) {
            return Optional.of(i.value());
        }
        return Optional.empty();
    }
}
