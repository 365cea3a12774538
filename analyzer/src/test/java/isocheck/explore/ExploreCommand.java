package isocheck.explore;

import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.spec.Spec;
import isocheck.spec.SpecLibrary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One exploration from the command line, for measurements and questions the test suite cannot
 * afford (more instances, fewer types): prints, per spec, the valid executions, the shortest cycle
 * and one execution with it. Usage (classpath: analyzer test classes and the analyzer jar): {@code
 * ExploreCommand PROGRAM K SPEC[,SPEC…] [specdir=DIR] [ints=1,2] [strings=a,b] [types=T1,T2]}.
 */
final class ExploreCommand {
    private ExploreCommand() {}

    public static void main(String[] args) throws Exception {
        Program program = ProgramLoader.parse(args[0], Files.readString(Path.of(args[0])));
        int k = Integer.parseInt(args[1]);
        SpecLibrary lib = SpecLibrary.builtin();
        List<Long> ints = List.of(1L, 2L);
        List<String> strings = List.of("a", "b");
        Set<String> types = Set.of();
        for (int i = 3; i < args.length; i++) {
            String a = args[i];
            if (a.startsWith("specdir=")) lib = SpecLibrary.load(Path.of(a.substring(8)));
            else if (a.startsWith("ints="))
                ints = List.of(a.substring(5).split(",")).stream().map(Long::valueOf).toList();
            else if (a.startsWith("strings=")) strings = List.of(a.substring(8).split(","));
            else if (a.startsWith("types=")) types = Set.of(a.substring(6).split(","));
            else throw new IllegalArgumentException("unknown argument " + a);
        }
        List<Spec> specs = new ArrayList<>();
        for (String s : args[2].split(",")) specs.add(lib.get(s));
        ExecutionExplorer explorer =
                new ExecutionExplorer(program, new ExecutionExplorer.Domain(ints, strings), types);
        long start = System.nanoTime();
        List<ExecutionExplorer.Result> results =
                explorer.explore(specs, k, new boolean[specs.size()], true, false);
        System.out.printf(
                "%s, k = %d: %d instances, %d initial states; %,d of %,.0f executions reached, %d ms%n",
                args[0],
                k,
                explorer.instanceCount(),
                explorer.initialStateCount(),
                results.get(0).executions(),
                explorer.unprunedCount(k),
                (System.nanoTime() - start) / 1_000_000);
        for (int i = 0; i < specs.size(); i++) {
            ExecutionExplorer.Result r = results.get(i);
            System.out.println(
                    specs.get(i).name()
                            + ": "
                            + r.valid()
                            + " valid, shortest cycle "
                            + (r.shortestCycle() == 0
                                    ? "none"
                                    : r.shortestCycle() + ": " + r.example()));
        }
    }
}
