package isocheck.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.microsoft.z3.Context;
import isocheck.encoding.Conflict;
import isocheck.encoding.Encoder;
import isocheck.encoding.KeyModel;
import isocheck.encoding.ProgramModel;
import isocheck.encoding.Vocabulary;
import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.spec.Spec;
import isocheck.spec.SpecLibrary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link Analysis}'s plan reads the candidate type pairs and the type order from the program alone
 * ({@link Conflict#all}, {@link CycleQuery#typeOrder}), where it used to build a Z3 context, a
 * vocabulary and a fully configured encoder: both must be exactly what that encoder and vocabulary
 * give, under every spec kind and program option, or the planned type sequences (and so the jobs)
 * would differ.
 */
class PlanWithoutZ3Test {

    private static final Path PROGRAMS =
            Path.of("").toAbsolutePath().getParent().resolve("benchmarks/programs");

    @Test
    void pairsAndTypeOrderAreTheConfiguredEncodersOnEveryShippedProgram() throws Exception {
        List<Path> files = new ArrayList<>();
        for (String dir : new String[] {"", "benchbase"})
            try (Stream<Path> s = Files.list(PROGRAMS.resolve(dir))) {
                s.filter(f -> f.toString().endsWith(".sql")).sorted().forEach(files::add);
            }
        assertFalse(files.size() < 15, files.toString());
        SpecLibrary lib = SpecLibrary.builtin();
        // a per-transaction view, statement snapshots, and a database's own level
        List<Spec> specs = new ArrayList<>();
        for (String name : new String[] {"psi", "ser", "ec"}) specs.add(lib.get(name));
        lib.specs().stream().filter(Spec::hasStatementSnapshots).findFirst().ifPresent(specs::add);
        lib.specs().stream()
                .filter(x -> !x.databases().isEmpty())
                .findFirst()
                .ifPresent(specs::add);
        assertEquals(5, specs.size(), "a statement-snapshot spec and a database level are shipped");
        for (Path f : files) {
            Program p = ProgramLoader.load(f);
            List<String> types = CycleQuery.typeOrder(p);
            BiPredicate<String, String> planned =
                    CycleQuery.candidatePairs(Conflict.all(new ProgramModel(p)));
            for (Spec spec : specs) {
                for (boolean options : new boolean[] {false, true}) {
                    try (Context ctx = new Context()) {
                        Vocabulary v = new Vocabulary(ctx, p);
                        Encoder e =
                                new Encoder(v, new ProgramModel(p), Encoder.Mode.EXPANDED)
                                        .assumeUniqueInserts(options)
                                        .keyModel(options ? KeyModel.OVERWRITE : KeyModel.SQL)
                                        .assumeKeysBelowCounters(options)
                                        .forSpec(spec);
                        assertEquals(List.copyOf(v.typeNames()), types, f.toString());
                        BiPredicate<String, String> built = CycleQuery.candidatePairs(e);
                        for (String a : types)
                            for (String b : types)
                                assertEquals(
                                        built.test(a, b),
                                        planned.test(a, b),
                                        f + " " + spec.name() + " " + a + " -> " + b);
                    }
                }
            }
        }
    }
}
