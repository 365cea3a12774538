package isocheck.cli;

import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.spec.Spec;
import isocheck.spec.SpecException;
import isocheck.spec.SpecLibrary;
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

    /** The built-in specs, or those of {@code --spec-dir} (which include the built-in ones). */
    static SpecLibrary loadSpecs(Path specDir) {
        if (specDir != null && !Files.isDirectory(specDir)) throw new UserError(specDir + ": no such directory");
        try {
            return specDir == null ? SpecLibrary.builtin() : SpecLibrary.load(specDir);
        } catch (SpecException e) {
            throw new UserError(e.getMessage());
        } catch (IOException e) {
            throw new UserError(specDir + ": cannot read: " + e.getMessage());
        }
    }

    /** The spec named by {@code --spec}, or a user error listing the known ones. */
    static Spec findSpec(SpecLibrary library, String name) {
        return library.find(name).orElseThrow(() -> new UserError("unknown spec '" + name + "'; known specs: "
                + String.join(", ", library.specs().stream().map(Spec::name).sorted().toList())));
    }
}
