package isocheck.repair;

import isocheck.encoding.CounterKey;
import isocheck.encoding.DepKind;
import isocheck.encoding.ProgramModel;
import isocheck.program.Expr;
import isocheck.program.Invariant;
import isocheck.program.Program;
import isocheck.program.SourcePos;
import isocheck.program.StatementFacts;
import isocheck.program.Transaction;
import isocheck.program.TransactionFacts;
import isocheck.program.Variable;
import isocheck.witness.Witness;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One statement added: transaction type {@code type} first locks the counter row whose keys its
 * reader of a counter-keyed table ranges over, {@code SELECT f INTO v FROM counter WHERE key = :p …
 * FOR SHARE} (the counter as {@link CounterKey} finds it: TPC-C's {@code district.d_next_o_id},
 * from which NewOrder draws the ids of orders, new_order and order_line). This is "materialise the
 * conflict" (Fekete, Liarokapis, O'Neil, O'Neil, Shasha, TODS 2005; Alomari, Cahill, Fekete, Röhm,
 * ICDE 2008) on the row every inserter of those keys already updates: an inserter that holds the
 * counter lock makes the reader wait for its commit, so the reader's later statements see its rows
 * (lock order, PostgreSQL manual §13.3.2); one that comes later waits for the reader's commit, so
 * what the reader missed of it is an anti-dependency forward in the commit order.
 *
 * <p>Why no promotion does this: at READ COMMITTED a locking {@code ORDER BY k LIMIT 1 FOR UPDATE}
 * that waits behind another claimant's lock and finds the row deleted goes on scanning its own
 * statement snapshot (manual §13.2.1), so it misses a key drawn and committed while it waited
 * (benchmarks/RESULTS.md, issue 14, branch tpcrc: TPC-C's Delivery reports an empty district; the
 * schedule replays on PostgreSQL 15). The phantom is an anti-dependency on {@code @alive} read by a
 * statement that already locks, so the promotion search has nothing left to promote.
 *
 * <p>{@code at} is the original file's position of the type's {@code BEGIN}; the statement goes
 * right after that keyword on the same line, so no other statement's line or column moves (the
 * positions the other changes print stay the original file's).
 */
public record CounterLock(String type, String sql, SourcePos at, String reason) {

    /** {@code Delivery + SELECT … FOR SHARE}, as the rounds list it. */
    public String describe() {
        return type + " + `" + sql + "`";
    }

    /**
     * A counter lock that may break the witness: the first of its anti-dependencies on {@code
     * @alive} of a table whose keys are drawn from a declared counter ({@link Invariant}) whose
     * reader's WHERE pins every counter-naming key column to a parameter, in a type that does not
     * write the counter table (the drawer needs none) and has no counter lock yet.
     */
    static Optional<CounterLock> forWitness(
            Program program, String text, Witness w, Set<String> lockedTypes) {
        ProgramModel model = new ProgramModel(program);
        for (Witness.Edge e : w.edges()) {
            if (e.kind() != DepKind.RW || !e.field().equals(StatementFacts.ALIVE)) continue;
            String type = e.fromStatement().txnType();
            if (lockedTypes.contains(type)) continue;
            for (Invariant inv : program.invariants()) {
                Optional<CounterKey> ck = CounterKey.of(program, inv);
                if (ck.isEmpty() || !ck.get().table().equals(e.table())) continue;
                Optional<CounterLock> lock =
                        lockFor(model, program, text, type, e.fromStatement().id(), ck.get(), w);
                if (lock.isPresent()) return lock;
            }
        }
        return Optional.empty();
    }

    private static Optional<CounterLock> lockFor(
            ProgramModel model,
            Program program,
            String text,
            String type,
            String id,
            CounterKey ck,
            Witness w) {
        TransactionFacts tf =
                model.transactions().stream()
                        .filter(t -> t.transaction().name().equals(type))
                        .findFirst()
                        .orElse(null);
        if (tf == null) return Optional.empty();
        Transaction txn = tf.transaction();
        String counter = ck.counter().table();
        for (StatementFacts sf : tf.statements())
            if (sf.isWrite() && sf.table().equals(counter)) return Optional.empty();
        StatementFacts reader =
                tf.statements().stream().filter(s -> s.id().equals(id)).findFirst().orElse(null);
        if (reader == null || !reader.table().equals(ck.table())) return Optional.empty();
        List<String> counterKey = program.schema().table(counter).orElseThrow().primaryKey();
        List<String> where = new ArrayList<>();
        for (int i = 0; i < counterKey.size(); i++) {
            Expr pin = reader.keyPins().get(ck.counterKey().get(i));
            if (!(pin instanceof Expr.VarRef ref) || ref.field() != null) return Optional.empty();
            boolean parameter =
                    txn.parameters().stream().anyMatch(p -> p.name().equals(ref.variable()));
            if (!parameter) return Optional.empty();
            where.add(counterKey.get(i) + " = :" + ref.variable());
        }
        String var = counter + "_lock";
        boolean taken =
                txn.parameters().stream().map(Variable::name).anyMatch(var::equals)
                        || txn.locals().stream().map(Variable::name).anyMatch(var::equals);
        if (taken) return Optional.empty();
        Optional<SourcePos> begin = beginOf(text, txn);
        if (begin.isEmpty()) return Optional.empty();
        String sql =
                "SELECT "
                        + ck.counter().field()
                        + " INTO "
                        + var
                        + " FROM "
                        + counter
                        + " WHERE "
                        + String.join(" AND ", where)
                        + " FOR SHARE";
        return Optional.of(
                new CounterLock(
                        type,
                        sql,
                        begin.get(),
                        "the "
                                + w.anomaly()
                                + " misses a "
                                + ck.table()
                                + " row drawn from "
                                + counter
                                + "."
                                + ck.counter().field()
                                + " in "
                                + type
                                + "."
                                + id
                                + ", which no promotion changes"));
    }

    private static final Pattern BEGIN = Pattern.compile("(?i)\\bBEGIN\\b");

    /** The position of the BEGIN that opens the transaction's body in our TRANSACTION syntax. */
    private static Optional<SourcePos> beginOf(String text, Transaction txn) {
        int from = SourceEdits.offset(text, txn.pos());
        Matcher m = BEGIN.matcher(text);
        if (!m.find(from)) return Optional.empty();
        int off = m.start();
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < off; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return Optional.of(new SourcePos(txn.pos().file(), line, off - lineStart + 1));
    }

    /** The text with each lock inserted right after its type's BEGIN. */
    static String apply(String text, List<CounterLock> locks) {
        List<CounterLock> sorted = new ArrayList<>(locks);
        sorted.sort(
                Comparator.comparingInt((CounterLock l) -> SourceEdits.offset(text, l.at()))
                        .reversed());
        StringBuilder sb = new StringBuilder(text);
        for (CounterLock l : sorted) {
            int after = SourceEdits.offset(text, l.at()) + "BEGIN".length();
            sb.insert(after, " " + l.sql() + ";");
        }
        return sb.toString();
    }
}
