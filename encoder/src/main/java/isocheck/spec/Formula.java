package isocheck.spec;

import isocheck.program.SourcePos;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A first-order formula over transaction instances (the spec language's abstract syntax). {@link
 * #toString()} prints it back in the concrete syntax of specs/README.md, fully parenthesised where
 * precedence would otherwise matter.
 */
public sealed interface Formula {
    SourcePos position();

    record Const(boolean value, SourcePos position) implements Formula {
        @Override
        public String toString() {
            return value ? "true" : "false";
        }
    }

    /** {@code rel(left, right)} for one of the relations. */
    record Atom(Relation relation, String left, String right, SourcePos position)
            implements Formula {
        @Override
        public String toString() {
            return relation.spelling() + "(" + left + ", " + right + ")";
        }
    }

    /** {@code left = right} (or {@code left != right} when {@code negated}). */
    record Equals(Term left, Term right, boolean negated, SourcePos position) implements Formula {
        @Override
        public String toString() {
            return left + (negated ? " != " : " = ") + right;
        }
    }

    record Not(Formula body, SourcePos position) implements Formula {
        @Override
        public String toString() {
            return "not " + wrap(body);
        }
    }

    enum BinaryOp {
        AND("and"),
        OR("or"),
        IMPLIES("->"),
        IFF("<->");

        final String spelling;

        BinaryOp(String spelling) {
            this.spelling = spelling;
        }
    }

    record Binary(BinaryOp op, Formula left, Formula right, SourcePos position) implements Formula {
        @Override
        public String toString() {
            return wrap(left) + " " + op.spelling + " " + wrap(right);
        }
    }

    enum Quantifier {
        FORALL,
        EXISTS
    }

    record Quantified(
            Quantifier quantifier, List<String> variables, Formula body, SourcePos position)
            implements Formula {
        public Quantified {
            variables = List.copyOf(variables);
        }

        @Override
        public String toString() {
            return (quantifier == Quantifier.FORALL ? "forall " : "exists ")
                    + String.join(", ", variables)
                    + ": "
                    + body;
        }
    }

    private static String wrap(Formula f) {
        return (f instanceof Binary || f instanceof Quantified || f instanceof Equals)
                ? "(" + f + ")"
                : f.toString();
    }

    /** Names of transaction types ({@code type(t) = Name}) mentioned anywhere in {@code f}. */
    static Set<String> typeNames(Formula f) {
        Set<String> out = new TreeSet<>();
        collectTypeNames(f, out);
        return out;
    }

    private static void collectTypeNames(Formula f, Set<String> out) {
        if (f instanceof Equals e) {
            if (e.left() instanceof Term.TypeName n) out.add(n.name());
            if (e.right() instanceof Term.TypeName n) out.add(n.name());
        } else if (f instanceof Not n) {
            collectTypeNames(n.body(), out);
        } else if (f instanceof Binary b) {
            collectTypeNames(b.left(), out);
            collectTypeNames(b.right(), out);
        } else if (f instanceof Quantified q) {
            collectTypeNames(q.body(), out);
        }
    }
}
