package com.microsoft.z3;

/** Run in a child JVM by {@link Z3LoaderTest}: loads Z3 and solves one formula. */
public final class Z3LoaderProbe {

    private Z3LoaderProbe() {}

    public static void main(String[] args) {
        try (Context c = new Context()) {
            Solver s = c.mkSolver();
            IntExpr x = c.mkIntConst("x");
            s.add(c.mkGt(x, c.mkInt(41)), c.mkLt(x, c.mkInt(43)));
            if (s.check() != Status.SATISFIABLE) throw new AssertionError("x = 42 unsatisfiable");
            System.out.println("x=" + s.getModel().eval(x, true));
        }
    }
}
