package isocheck.spec;

import isocheck.program.SourcePos;

/** Operands of {@code =} and {@code !=}: a transaction variable, its type, or a type name. */
public sealed interface Term {
    SourcePos position();

    /** A transaction variable bound by a quantifier. */
    record Var(String name, SourcePos position) implements Term {
        @Override
        public String toString() {
            return name;
        }
    }

    /** {@code type(v)}: the transaction type (program) of the instance bound to v. */
    record TypeOf(String variable, SourcePos position) implements Term {
        @Override
        public String toString() {
            return "type(" + variable + ")";
        }
    }

    /** The name of a transaction type of the program, e.g. {@code Enroll}. */
    record TypeName(String name, SourcePos position) implements Term {
        @Override
        public String toString() {
            return name;
        }
    }
}
