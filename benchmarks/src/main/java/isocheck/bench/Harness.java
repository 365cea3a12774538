package isocheck.bench;

import isocheck.encoding.Encoder;
import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.query.Analysis;
import isocheck.spec.Spec;
import isocheck.spec.SpecLibrary;
import isocheck.witness.Witness;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Performance harness: runs one analysis and prints verdict, queries and times. Usage: Harness
 * PROGRAM SPEC BOUND [all] [quantified] [unique] [counters] [from=K] [without=RULE,…]
 * [types=T1,…,Tk] [specdir=DIR] [maxseq=N] [smtout=DIR] ({@code unique}: --assume-unique-keys;
 * {@code counters}: --assume-keys-below-counters; {@code maxseq}: decompose a cycle length into
 * type-sequence queries up to N sequences, 0 never; default Analysis.DEFAULT_MAX_TYPE_SEQUENCES)
 */
public final class Harness {
    private Harness() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        Program program = ProgramLoader.parse(args[0], Files.readString(file));
        SpecLibrary lib = SpecLibrary.builtin();
        boolean all = false;
        boolean unique = false;
        boolean counters = false;
        java.util.List<String> types = java.util.List.of();
        int from = 2;
        Path smtOut = null;
        int maxSequences = Analysis.DEFAULT_MAX_TYPE_SEQUENCES;
        String[] without = new String[0];
        Encoder.Mode mode = Encoder.Mode.EXPANDED;
        for (int i = 3; i < args.length; i++) {
            if (args[i].equals("all")) all = true;
            else if (args[i].equals("quantified")) mode = Encoder.Mode.QUANTIFIED;
            else if (args[i].equals("unique")) unique = true;
            else if (args[i].equals("counters")) counters = true;
            else if (args[i].startsWith("types="))
                types = java.util.List.of(args[i].substring(6).split(","));
            else if (args[i].startsWith("without=")) without = args[i].substring(8).split(",");
            else if (args[i].startsWith("from=")) from = Integer.parseInt(args[i].substring(5));
            else if (args[i].startsWith("maxseq="))
                maxSequences = Integer.parseInt(args[i].substring(7));
            else if (args[i].startsWith("specdir="))
                lib = SpecLibrary.load(Path.of(args[i].substring(8)));
            else if (args[i].startsWith("smtout=")) smtOut = Path.of(args[i].substring(7));
        }
        Spec spec = lib.get(args[1]);
        Analysis.Outcome o =
                Analysis.run(
                        program,
                        spec,
                        Analysis.Options.defaults(Integer.parseInt(args[2]))
                                .withAll(all)
                                .withMode(mode)
                                .withUniqueKeys(unique)
                                .withFrom(from)
                                .without(without)
                                .withKeysBelowCounters(counters)
                                .withTypes(types)
                                .withMaxTypeSequences(maxSequences)
                                .withSmtOut(smtOut));
        System.out.println(
                o.verdict()
                        + " queries="
                        + o.queries().size()
                        + " solver="
                        + o.solverMillis()
                        + "ms total="
                        + o.millis()
                        + "ms");
        for (Analysis.Query q : o.queries())
            System.out.println("  " + q.name() + ": " + q.result() + " " + q.millis() + "ms");
        for (Witness w : o.anomalies()) {
            System.out.println("-- " + w.anomaly() + " k=" + w.k() + ": " + w.signature());
            for (String line : w.explanation()) System.out.println("   " + line);
        }
        if (o.unknownQuery() != null)
            System.out.println("unknown: " + o.unknownQuery() + " (" + o.unknownReason() + ")");
    }
}
