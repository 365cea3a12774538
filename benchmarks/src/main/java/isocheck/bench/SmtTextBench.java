package isocheck.bench;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Solver;
import isocheck.encoding.Encoder;
import isocheck.encoding.Part;
import isocheck.encoding.ProgramModel;
import isocheck.encoding.Vocabulary;
import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.query.CycleQuery;
import isocheck.query.SmtLibText;
import isocheck.spec.Spec;
import isocheck.spec.SpecLibrary;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The cost and the stability of printing one cycle query as SMT-LIB: {@link SmtLibText} (what
 * {@code --smt-out} and the canonical re-solve use) against Z3's printing of a simple solver
 * holding the assertions (what {@code --smt-out} used before). Builds φ_Cycle,k of PROGRAM under
 * SPEC twice in fresh contexts with a garbage collection between, prints with both printers, and
 * reports per printer: the text's size and assertion count, whether the two builds gave the same
 * text, and wall and CPU milliseconds per print (the mean of REPEATS prints of the second build).
 *
 * <pre>
 *   java -cp analyzer/target/isocheck.jar:benchmarks/target/classes isocheck.bench.SmtTextBench PROGRAM SPEC K REPEATS
 * </pre>
 */
public final class SmtTextBench {
    private SmtTextBench() {}

    public static void main(String[] args) throws Exception {
        Program program = ProgramLoader.parse(args[0], Files.readString(Path.of(args[0])));
        Spec spec = SpecLibrary.builtin().get(args[1]);
        int k = Integer.parseInt(args[2]), repeats = Integer.parseInt(args[3]);
        List<BiFunction<Context, BoolExpr[], String>> printers =
                List.of((c, a) -> SmtLibText.of(a), SmtTextBench::simpleSolverText);
        List<String> names = List.of("SmtLibText", "Z3 simple solver");
        List<String> first = new ArrayList<>();
        try (Context ctx = new Context()) {
            BoolExpr[] q = query(ctx, program, spec, k);
            for (BiFunction<Context, BoolExpr[], String> p : printers) first.add(p.apply(ctx, q));
        }
        System.gc();
        try (Context ctx = new Context()) {
            BoolExpr[] q = query(ctx, program, spec, k);
            ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
            System.out.println(
                    "printer\tbytes\tassertions\tsame text both builds\twall ms\tcpu ms");
            for (int i = 0; i < printers.size(); i++) {
                String text = printers.get(i).apply(ctx, q);
                long w0 = System.nanoTime(), c0 = cpu.getCurrentThreadCpuTime();
                for (int r = 0; r < repeats; r++) printers.get(i).apply(ctx, q);
                long wall = (System.nanoTime() - w0) / repeats / 1_000_000,
                        cpuMs = (cpu.getCurrentThreadCpuTime() - c0) / repeats / 1_000_000;
                long asserts = text.lines().filter(l -> l.startsWith("(assert ")).count();
                System.out.println(
                        names.get(i)
                                + "\t"
                                + text.length()
                                + "\t"
                                + asserts
                                + "\t"
                                + text.equals(first.get(i))
                                + "\t"
                                + wall
                                + "\t"
                                + cpuMs);
            }
        }
    }

    private static BoolExpr[] query(Context ctx, Program program, Spec spec, int k)
            throws Exception {
        Vocabulary v = new Vocabulary(ctx, program);
        Encoder encoder = new Encoder(v, new ProgramModel(program), Encoder.Mode.EXPANDED);
        CycleQuery.Built q = CycleQuery.build(v, encoder, k);
        Solver s = ctx.mkSolver();
        for (Part part : encoder.encode(spec, q.txns(), q.records(), q.ground()))
            s.add(part.formula());
        for (Part part : q.parts()) s.add(part.formula());
        return s.getAssertions();
    }

    private static String simpleSolverText(Context ctx, BoolExpr[] assertions) {
        Solver s = ctx.mkSimpleSolver();
        s.add(assertions);
        return s.toString();
    }
}
