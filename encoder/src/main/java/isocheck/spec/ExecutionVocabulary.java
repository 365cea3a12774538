package isocheck.spec;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Sort;
import java.util.Set;

/**
 * The Z3 symbols of one abstract execution (paper §4.1) that a spec talks about. The static encoder
 * implements this over its own vocabulary; {@link FreeExecution} is a stand-alone implementation
 * with uninterpreted relations (used for the entailment order and in tests).
 *
 * <p>All expressions belong to {@link #context()}; transaction arguments have sort {@link
 * #txnSort()}. A spec's {@code D(a, b)} is translated as {@code wr(a,b) or ww(a,b) or rw(a,b)}, not
 * through the encoder's own D predicate (whose paper definition φ_D in §5.1 is reflexive, a device
 * of the cycle query).
 */
public interface ExecutionVocabulary {
    Context context();

    /** The uninterpreted sort τ of transaction instances. */
    Sort txnSort();

    BoolExpr vis(Expr<?> a, Expr<?> b);

    BoolExpr ar(Expr<?> a, Expr<?> b);

    BoolExpr wr(Expr<?> a, Expr<?> b);

    BoolExpr ww(Expr<?> a, Expr<?> b);

    BoolExpr rw(Expr<?> a, Expr<?> b);

    /** Γ(t): the transaction type of instance t, an expression of the finite type sort. */
    Expr<?> type(Expr<?> t);

    /** The names of the transaction types (the program's transactions). */
    Set<String> typeNames();

    /**
     * The constant of the type sort for {@code name}; only called with a member of {@link
     * #typeNames()}.
     */
    Expr<?> typeConstant(String name);
}
