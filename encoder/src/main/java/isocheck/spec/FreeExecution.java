package isocheck.spec;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.BoolSort;
import com.microsoft.z3.Context;
import com.microsoft.z3.EnumSort;
import com.microsoft.z3.Expr;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.Sort;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An {@link ExecutionVocabulary} with nothing but fresh symbols: an uninterpreted transaction sort,
 * uninterpreted vis, ar, WR, WW, RW and an enumerated type sort Γ. In a closed world Γ is exactly
 * the given type names (a program's transactions); in an open world it also holds {@link
 * #OTHER_TYPE}, standing for every type not named (so an entailment proved there holds for every
 * program that has the named types, whatever else it has).
 */
public final class FreeExecution implements ExecutionVocabulary {
    public static final String OTHER_TYPE = "$other";

    private final Context ctx;
    private final Sort txn;
    private final FuncDecl<BoolSort> vis;
    private final FuncDecl<BoolSort> ar;
    private final FuncDecl<BoolSort> wr;
    private final FuncDecl<BoolSort> ww;
    private final FuncDecl<BoolSort> rw;
    private final FuncDecl<?> type;
    private final Map<String, Expr<?>> typeConstants = new LinkedHashMap<>();

    /** Open world: the given names plus {@link #OTHER_TYPE}. */
    public FreeExecution(Context ctx, Collection<String> typeNames) {
        this(ctx, typeNames, true);
    }

    public FreeExecution(Context ctx, Collection<String> typeNames, boolean openWorld) {
        this(ctx, gamma(typeNames, openWorld));
    }

    /**
     * Closed world with Γ in the given order: a program's vocabulary (paper §4.1), whose {@code
     * TxnType} constants follow the program's transactions.
     */
    public static FreeExecution ofProgramTypes(Context ctx, List<String> typeNames) {
        return new FreeExecution(ctx, typeNames.toArray(new String[0]));
    }

    private static String[] gamma(Collection<String> typeNames, boolean openWorld) {
        List<String> names = new ArrayList<>(new java.util.TreeSet<>(typeNames));
        names.remove(OTHER_TYPE);
        if (openWorld || names.isEmpty()) names.add(OTHER_TYPE);
        return names.toArray(new String[0]);
    }

    private FreeExecution(Context ctx, String[] gamma) {
        this.ctx = ctx;
        this.txn = ctx.mkUninterpretedSort("Txn");
        Sort[] two = {txn, txn};
        this.vis = ctx.mkFuncDecl("vis", two, ctx.getBoolSort());
        this.ar = ctx.mkFuncDecl("ar", two, ctx.getBoolSort());
        this.wr = ctx.mkFuncDecl("WR", two, ctx.getBoolSort());
        this.ww = ctx.mkFuncDecl("WW", two, ctx.getBoolSort());
        this.rw = ctx.mkFuncDecl("RW", two, ctx.getBoolSort());
        EnumSort<?> typeSort = ctx.mkEnumSort("TxnType", gamma);
        for (int i = 0; i < gamma.length; i++) {
            typeConstants.put(gamma[i], typeSort.getConst(i));
        }
        this.type = ctx.mkFuncDecl("type", txn, typeSort);
    }

    @Override
    public Context context() {
        return ctx;
    }

    @Override
    public Sort txnSort() {
        return txn;
    }

    @Override
    public BoolExpr vis(Expr<?> a, Expr<?> b) {
        return (BoolExpr) ctx.mkApp(vis, a, b);
    }

    @Override
    public BoolExpr ar(Expr<?> a, Expr<?> b) {
        return (BoolExpr) ctx.mkApp(ar, a, b);
    }

    @Override
    public BoolExpr wr(Expr<?> a, Expr<?> b) {
        return (BoolExpr) ctx.mkApp(wr, a, b);
    }

    @Override
    public BoolExpr ww(Expr<?> a, Expr<?> b) {
        return (BoolExpr) ctx.mkApp(ww, a, b);
    }

    @Override
    public BoolExpr rw(Expr<?> a, Expr<?> b) {
        return (BoolExpr) ctx.mkApp(rw, a, b);
    }

    @Override
    public Expr<?> type(Expr<?> t) {
        return ctx.mkApp(type, t);
    }

    @Override
    public Set<String> typeNames() {
        return typeConstants.keySet();
    }

    @Override
    public Expr<?> typeConstant(String name) {
        Expr<?> c = typeConstants.get(name);
        if (c == null) throw new IllegalArgumentException("unknown transaction type " + name);
        return c;
    }

    /** n fresh transaction constants named {@code prefix1 … prefixN}. */
    public List<Expr<?>> transactions(String prefix, int n) {
        List<Expr<?>> out = new ArrayList<>();
        for (int i = 1; i <= n; i++) out.add(ctx.mkConst(prefix + i, txn));
        return out;
    }
}
