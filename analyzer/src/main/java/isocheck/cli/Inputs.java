package isocheck.cli;

import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reads the files commands take, turning I/O failures into one-line user errors. */
final class Inputs {

    private Inputs() {}

    static Program loadProgram(Path path) {
        if (Files.isDirectory(path)) {
            throw new UserError(path + ": is a directory, not a program file");
        }
        try {
            return ProgramLoader.load(path);
        } catch (NoSuchFileException e) {
            throw new UserError(path + ": no such file");
        } catch (IOException e) {
            throw new UserError(path + ": cannot read: " + e.getMessage());
        }
    }
}
