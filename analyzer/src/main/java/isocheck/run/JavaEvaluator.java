package isocheck.run;

import isocheck.program.Cond;
import isocheck.program.Expr;
import java.util.Map;

/**
 * The program's conditions and expressions evaluated in Java: the control flow outside SQL (IF, :=,
 * the guards of the interpreter) and, for a recorded predicate read, a WHERE clause against a row
 * image ({@link PredicateScans}). NULL follows SQL's three-valued logic: a comparison with NULL is
 * UNKNOWN, and so is its negation.
 */
final class JavaEvaluator {
    private JavaEvaluator() {}

    static boolean test(Cond c, Map<String, Object> env) {
        return test(c, env, null);
    }

    /**
     * {@code c} with its column references read from {@code row} (null outside SQL): IF holds when
     * it is TRUE.
     */
    static boolean test(Cond c, Map<String, Object> env, Map<String, Object> row) {
        return Boolean.TRUE.equals(truth(c, env, row));
    }

    /**
     * SQL's three-valued logic (PostgreSQL manual §9.1, "Logical Operators"): a comparison with
     * NULL is UNKNOWN (null here), NOT UNKNOWN is UNKNOWN, and AND/OR follow Kleene's tables.
     */
    private static Boolean truth(Cond c, Map<String, Object> env, Map<String, Object> row) {
        return c.accept(new Evaluation(env, row));
    }

    static Object eval(Expr e, Map<String, Object> env) {
        return eval(e, env, null);
    }

    private static Object eval(Expr e, Map<String, Object> env, Map<String, Object> row) {
        return e.accept(new Evaluation(env, row));
    }

    /** One evaluation: the variables' values and the visited row (null outside SQL). */
    private static final class Evaluation implements Cond.Visitor<Boolean>, Expr.Visitor<Object> {
        private final Map<String, Object> env;
        private final Map<String, Object> row;

        Evaluation(Map<String, Object> env, Map<String, Object> row) {
            this.env = env;
            this.row = row;
        }

        @Override
        public Boolean visitConst(Cond.Const k) {
            return k.value();
        }

        @Override
        public Boolean visitCompare(Cond.Compare cmp) {
            Object l = eval(cmp.left(), env, row);
            Object r = eval(cmp.right(), env, row);
            if (l == null || r == null) {
                return null; // SQL's unknown
            }
            int d = compare(l, r);
            return switch (cmp.op()) {
                case EQ -> d == 0;
                case NE -> d != 0;
                case LT -> d < 0;
                case LE -> d <= 0;
                case GT -> d > 0;
                case GE -> d >= 0;
            };
        }

        @Override
        public Boolean visitIsNull(Cond.IsNull n) {
            return Values.isNull(env.get(n.variable())) != n.negated();
        }

        @Override
        public Boolean visitFieldIsNull(Cond.FieldIsNull n) {
            return (eval(n.operand(), env, row) == null) != n.negated();
        }

        @Override
        public Boolean visitMember(Cond.Member m) {
            Object e = eval(m.element(), env, row);
            if (e == null) {
                return null;
            }
            for (Object v : Values.column(env.get(m.rows()), m.field())) {
                if (v != null && compare(e, v) == 0) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public Boolean visitNot(Cond.Not n) {
            Boolean x = truth(n.operand(), env, row);
            if (n.notTrue()) return !Boolean.TRUE.equals(x);
            return x == null ? null : !x;
        }

        @Override
        public Boolean visitAnd(Cond.And a) {
            Boolean l = truth(a.left(), env, row);
            Boolean r = truth(a.right(), env, row);
            return Boolean.FALSE.equals(l) || Boolean.FALSE.equals(r)
                    ? Boolean.FALSE
                    : l == null || r == null ? null : Boolean.TRUE;
        }

        @Override
        public Boolean visitOr(Cond.Or o) {
            Boolean l = truth(o.left(), env, row);
            Boolean r = truth(o.right(), env, row);
            return Boolean.TRUE.equals(l) || Boolean.TRUE.equals(r)
                    ? Boolean.TRUE
                    : l == null || r == null ? null : Boolean.FALSE;
        }

        @Override
        public Object visitIntLit(Expr.IntLit i) {
            return i.value();
        }

        @Override
        public Object visitStrLit(Expr.StrLit s) {
            return s.value();
        }

        @Override
        public Object visitNullLit(Expr.NullLit n) {
            return null;
        }

        @Override
        public Object visitVarRef(Expr.VarRef v) {
            return Values.read(env.get(v.variable()), v.field());
        }

        @Override
        public Object visitArith(Expr.Arith a) {
            Object l = eval(a.left(), env, row);
            Object r = eval(a.right(), env, row);
            if (!(l instanceof Long x) || !(r instanceof Long y)) {
                return null;
            }
            return switch (a.op()) {
                case ADD -> x + y;
                case SUB -> x - y;
                case MUL -> x * y;
                case DIV -> y == 0 ? null : x / y;
            };
        }

        @Override
        public Object visitNegate(Expr.Negate n) {
            Object v = eval(n.operand(), env, row);
            return v instanceof Long x ? -x : null;
        }

        @Override
        public Object visitColumnRef(Expr.ColumnRef r) {
            if (row == null) {
                throw new IllegalStateException("column reference outside SQL: " + r.text());
            }
            return row.get(r.column());
        }

        @Override
        public Object visitCase(Expr.Case c) {
            for (int i = 0; i < c.conditions().size(); i++) {
                if (test(c.conditions().get(i), env, row)) {
                    return eval(c.values().get(i), env, row);
                }
            }
            return eval(c.otherwise(), env, row);
        }

        @Override
        public Object visitCoalesce(Expr.Coalesce c) {
            for (Expr x : c.args()) {
                Object v = eval(x, env, row);
                if (v != null) {
                    return v;
                }
            }
            return null;
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compare(Object a, Object b) {
        if (a instanceof Long x && b instanceof Long y) {
            return Long.compare(x, y);
        }
        if (a instanceof Comparable ca && a.getClass() == b.getClass()) {
            return ca.compareTo(b);
        }
        return a.toString().compareTo(b.toString());
    }
}
