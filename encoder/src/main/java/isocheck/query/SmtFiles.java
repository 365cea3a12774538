package isocheck.query;

import com.microsoft.z3.Context;
import com.microsoft.z3.Solver;
import isocheck.program.Program;
import isocheck.spec.Spec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The SMT-LIB files of {@code --smt-out}: one per query, self-describing and re-readable. */
final class SmtFiles {
    private SmtFiles() {}

    /**
     * The solver's assertions as SMT-LIB, printed by {@link SmtLibText} (a function of the input):
     * Z3's own printing of a solver rewrites them in an order of term ids, and after a check() adds
     * {@code (model-add …)} commands no other solver can read back.
     */
    static String smtText(String name, Program program, Spec spec, Solver solver) {
        return "; isocheck query: "
                + name
                + "\n; program: "
                + program.file()
                + "\n; spec: "
                + spec.name()
                + "\n(set-option :produce-models true)\n"
                + SmtLibText.of(solver.getAssertions())
                + "(check-sat)\n";
    }

    /** {@link #smtText} into {@code file} (the proof queries of {@link Proof}). */
    static void writeSmt(
            Path file, String name, Program program, Spec spec, Solver solver, Context ctx) {
        write(file, smtText(name, program, spec, solver));
    }

    static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
