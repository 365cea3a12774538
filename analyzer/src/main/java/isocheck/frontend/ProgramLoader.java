package isocheck.frontend;

import isocheck.program.Invariant;
import isocheck.program.Program;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Entry point of the front-end: a program file in, a resolved and type-checked {@link Program} out.
 */
public final class ProgramLoader {

    private ProgramLoader() {}

    /**
     * Loads a program file; messages name it as {@code path} was given.
     *
     * @throws ProgramError for a malformed or unsupported program ({@code file:line:col: message})
     * @throws IOException when the file cannot be read
     */
    public static Program load(Path path) throws IOException {
        return parse(path.toString(), Files.readString(path, StandardCharsets.UTF_8));
    }

    /** Parses program text; {@code file} names it in positions. */
    public static Program parse(String file, String source) {
        Program program = ProgramParser.parse(file, source);
        for (Invariant inv : program.invariants()) {
            if (isocheck.encoding.CounterKey.of(program, inv).isEmpty()) {
                throw new ProgramError(
                        inv.pos(),
                        "invariant "
                                + inv.text()
                                + " cannot be used: every INSERT into "
                                + inv.table()
                                + " must take "
                                + inv.column()
                                + " from a SELECT of "
                                + inv.counterTable()
                                + "."
                                + inv.counterField()
                                + " (the record its other key columns name) and increment that counter");
            }
        }
        return program;
    }
}
