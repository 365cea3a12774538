package isocheck.program;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Computes {@link StatementFacts} for every SQL statement of a program by one walk over each
 * transaction body, carrying the guard and the loop stack down the tree (paper §4.3: Λ and the loop
 * variables LVar(v, i) of each statement).
 */
public final class FactExtractor {

    private final Schema schema;

    private FactExtractor(Schema schema) {
        this.schema = schema;
    }

    public static List<TransactionFacts> of(Program program) {
        FactExtractor extractor = new FactExtractor(program.schema());
        List<TransactionFacts> result = new ArrayList<>();
        for (Transaction txn : program.transactions()) {
            List<StatementFacts> facts = new ArrayList<>();
            List<AbortFacts> aborts = new ArrayList<>();
            extractor.walk(txn.body(), List.of(), List.of(), facts, aborts);
            result.add(new TransactionFacts(txn, facts, aborts));
        }
        return result;
    }

    /**
     * Walks a block under a guard; returns the condition under which the block returns early
     * ({@link Stmt.Return}; {@code FALSE}: never, {@code TRUE}: always), relative to the block's
     * entry. A statement after an IF that may return runs under the negation of that condition, as
     * if the rest of the block were moved into the branches that do not return (the front-end
     * rejects RETURN inside a loop, where this rewriting does not apply). An abort does not end the
     * block here: a committed instance never reaches one (the commit guard), so on committed paths
     * an abort is a no-op, and the statements after it run exactly when they would.
     */
    private Cond walk(
            List<Stmt> body,
            List<Cond> guard,
            List<Stmt.Foreach> loops,
            List<StatementFacts> out,
            List<AbortFacts> aborts) {
        BlockWalk block = new BlockWalk(guard, loops, out, aborts);
        for (Stmt stmt : body) {
            Cond end = stmt.accept(block);
            if (end != null) {
                return end;
            }
        }
        return or(block.exits, body.isEmpty() ? null : body.get(0).pos());
    }

    /**
     * One block of {@link #walk}: visiting a statement returns the block's exit condition when the
     * block ends there (RETURN, or an IF that returns on every path), null when it goes on.
     */
    private final class BlockWalk implements Stmt.Visitor<Cond> {
        private List<Cond> g;
        private final List<Cond> exits = new ArrayList<>();
        private final List<Stmt.Foreach> loops;
        private final List<StatementFacts> out;
        private final List<AbortFacts> aborts;

        BlockWalk(
                List<Cond> guard,
                List<Stmt.Foreach> loops,
                List<StatementFacts> out,
                List<AbortFacts> aborts) {
            this.g = guard;
            this.loops = loops;
            this.out = out;
            this.aborts = aborts;
        }

        private Cond sql(Stmt.Sql sql) {
            out.add(facts("S" + (out.size() + 1), sql, g, loops));
            return null;
        }

        @Override
        public Cond visitSelect(Stmt.Select select) {
            return sql(select);
        }

        @Override
        public Cond visitUpdate(Stmt.Update update) {
            return sql(update);
        }

        @Override
        public Cond visitInsert(Stmt.Insert insert) {
            return sql(insert);
        }

        @Override
        public Cond visitDelete(Stmt.Delete delete) {
            return sql(delete);
        }

        @Override
        public Cond visitAbort(Stmt.Abort abort) {
            aborts.add(new AbortFacts(abort, g, loops));
            return null;
        }

        @Override
        public Cond visitReturn(Stmt.Return ret) {
            exits.add(new Cond.Const(true, ret.pos()));
            return or(exits, ret.pos());
        }

        @Override
        public Cond visitIf(Stmt.If branch) {
            Cond c = branch.condition();
            Cond negated = Cond.Not.notTrue(c, c.pos());
            Cond thenExit = walk(branch.thenBranch(), append(g, c), loops, out, aborts);
            Cond elseExit = walk(branch.elseBranch(), append(g, negated), loops, out, aborts);
            Cond exit = or(List.of(and(c, thenExit), and(negated, elseExit)), branch.pos());
            if (exit instanceof Cond.Const k && k.value()) {
                exits.add(exit);
                return or(exits, branch.pos());
            }
            if (!(exit instanceof Cond.Const)) {
                exits.add(exit);
                g = append(g, Cond.Not.notTrue(exit, branch.pos()));
            }
            return null;
        }

        @Override
        public Cond visitForeach(Stmt.Foreach loop) {
            walk(loop.body(), g, append(loops, loop), out, aborts);
            return null;
        }

        @Override
        public Cond visitAssign(Stmt.Assign assign) {
            return null;
        }

        @Override
        public Cond visitChoose(Stmt.Choose choose) {
            return null;
        }

        @Override
        public Cond visitSkip(Stmt.Skip skip) {
            return null;
        }
    }

    private static Cond and(Cond a, Cond b) {
        if (b instanceof Cond.Const k) {
            return k.value() ? a : k;
        }
        return new Cond.And(a, b, a.pos());
    }

    private static Cond or(List<Cond> cs, SourcePos pos) {
        Cond out = null;
        for (Cond c : cs) {
            if (c instanceof Cond.Const k && !k.value()) {
                continue;
            }
            if (c instanceof Cond.Const k && k.value()) {
                return c;
            }
            out = out == null ? c : new Cond.Or(out, c, c.pos());
        }
        return out != null ? out : new Cond.Const(false, pos);
    }

    private StatementFacts facts(
            String id, Stmt.Sql stmt, List<Cond> guard, List<Stmt.Foreach> loops) {
        Table table = schema.table(stmt.table()).orElseThrow();
        Set<String> reads = new LinkedHashSet<>();
        Set<String> writes = new LinkedHashSet<>();
        Map<String, Expr> pins = new LinkedHashMap<>();
        stmt.accept(
                new Stmt.SqlVisitor<Void>() {
                    @Override
                    public Void visitSelect(Stmt.Select s) {
                        reads.addAll(s.columns());
                        s.aggregate().flatMap(Aggregate::column).ifPresent(reads::add);
                        // ORDER BY … LIMIT n compares the order columns of every matching row to
                        // choose the first n
                        // (a join's keys are table.column, read by its tables' own SELECTs)
                        if (!s.isJoin()) {
                            s.orderBy().forEach(k -> reads.add(k.column()));
                        }
                        readWhere(s.where(), table, reads, pins);
                        return null;
                    }

                    @Override
                    public Void visitUpdate(Stmt.Update u) {
                        for (Assignment a : u.assignments()) {
                            writes.add(a.column());
                            columnsOf(a.value(), reads);
                        }
                        readWhere(u.where(), table, reads, pins);
                        return null;
                    }

                    @Override
                    public Void visitInsert(Stmt.Insert i) {
                        // An INSERT defines every field of the new record (unlisted ones become
                        // NULL) and makes it alive.
                        table.columns().forEach(c -> writes.add(c.name()));
                        writes.add(StatementFacts.ALIVE);
                        for (int k = 0; k < i.columns().size(); k++) {
                            if (table.isKey(i.columns().get(k))) {
                                pins.put(i.columns().get(k), i.values().get(k));
                            }
                        }
                        return null;
                    }

                    @Override
                    public Void visitDelete(Stmt.Delete d) {
                        writes.add(StatementFacts.ALIVE);
                        readWhere(d.where(), table, reads, pins);
                        return null;
                    }
                });
        Map<String, Expr> orderedPins = new LinkedHashMap<>();
        for (String key : table.primaryKey()) {
            if (pins.containsKey(key)) {
                orderedPins.put(key, pins.get(key));
            }
        }
        boolean whole = orderedPins.size() == table.primaryKey().size();
        return new StatementFacts(
                id,
                stmt,
                guard,
                loops,
                table.name(),
                inTableOrder(reads, table),
                inTableOrder(writes, table),
                orderedPins,
                whole);
    }

    private static Set<String> inTableOrder(Set<String> fields, Table table) {
        Set<String> ordered = new LinkedHashSet<>();
        table.columns().stream().map(Column::name).filter(fields::contains).forEach(ordered::add);
        if (fields.contains(StatementFacts.ALIVE)) {
            ordered.add(StatementFacts.ALIVE);
        }
        return ordered;
    }

    /**
     * A WHERE clause reads the fields it mentions and Alive; its top-level conjuncts may pin keys.
     */
    private static void readWhere(
            Cond where, Table table, Set<String> reads, Map<String, Expr> pins) {
        columnsOf(where, reads);
        reads.add(StatementFacts.ALIVE);
        for (Cond conjunct : conjuncts(where)) {
            if (conjunct instanceof Cond.Compare c && c.op() == CompareOp.EQ) {
                pin(c.left(), c.right(), table, pins);
                pin(c.right(), c.left(), table, pins);
            }
        }
    }

    private static void pin(Expr column, Expr value, Table table, Map<String, Expr> pins) {
        if (column instanceof Expr.ColumnRef ref
                && table.isKey(ref.column())
                && !value.readsColumns()) {
            pins.putIfAbsent(ref.column(), value);
        }
    }

    /** The top-level conjuncts of a condition. */
    public static List<Cond> conjuncts(Cond cond) {
        List<Cond> out = new ArrayList<>();
        if (cond instanceof Cond.And and) {
            out.addAll(conjuncts(and.left()));
            out.addAll(conjuncts(and.right()));
        } else if (!(cond instanceof Cond.Const c && c.value())) {
            out.add(cond);
        }
        return out;
    }

    private static void columnsOf(Cond cond, Set<String> out) {
        out.addAll(Columns.of(cond));
    }

    private static void columnsOf(Expr expr, Set<String> out) {
        out.addAll(Columns.of(expr));
    }

    private static <T> List<T> append(List<T> list, T item) {
        List<T> copy = new ArrayList<>(list);
        copy.add(item);
        return copy;
    }
}
