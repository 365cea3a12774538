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
import java.util.ArrayList;
import java.util.List;

/** Reads the files commands take, turning I/O failures into one-line user errors. */
final class Inputs {

    private Inputs() {}

    /**
     * The static commands' first stage: the query threads start their Z3 contexts ({@link
     * isocheck.query.Analysis#warmUp}) while the specs and the program are read, and the deadline
     * names the stage.
     */
    static void startReading(Path program) {
        isocheck.query.Analysis.warmUp();
        CommandDeadline.stage("reading the specs and " + program);
    }

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

    /**
     * Creates the {@code --smt-out} directory before any work, so that a directory that cannot be
     * made or written is one line (exit 2) rather than a failure halfway through the queries.
     */
    static void prepareSmtOut(Path dir) {
        if (dir == null) return;
        if (Files.exists(dir) && !Files.isDirectory(dir))
            throw new UserError(dir + ": --smt-out: exists and is not a directory");
        try {
            Files.createDirectories(dir);
        } catch (IOException | SecurityException e) {
            throw new UserError(
                    dir + ": --smt-out: cannot create the directory (" + reason(e) + ")");
        }
        if (!Files.isWritable(dir))
            throw new UserError(dir + ": --smt-out: the directory is not writable");
    }

    /** The part of an I/O exception's message worth a user's time. */
    static String reason(Exception e) {
        if (e instanceof java.nio.file.FileSystemException f) {
            return (f.getReason() == null ? f.getClass().getSimpleName() : f.getReason())
                    + (f.getFile() == null ? "" : ": " + f.getFile());
        }
        return String.valueOf(e.getMessage());
    }

    /** The built-in specs, or those of {@code --spec-dir} (which include the built-in ones). */
    static SpecLibrary loadSpecs(Path specDir) {
        return library(specSources(specDir));
    }

    /**
     * The texts of the built-in specs and of {@code --spec-dir}'s {@code *.spec} files (null:
     * built-ins only).
     */
    static List<SpecLibrary.Source> specSources(Path specDir) {
        if (specDir != null && !Files.isDirectory(specDir))
            throw new UserError(specDir + ": no such directory");
        List<SpecLibrary.Source> sources = new ArrayList<>(SpecLibrary.builtinSources());
        if (specDir != null) {
            try {
                sources.addAll(SpecLibrary.directorySources(specDir));
            } catch (IOException e) {
                throw new UserError(specDir + ": cannot read: " + e.getMessage());
            }
        }
        return sources;
    }

    /** The specs of these sources, or a user error naming the spec file that does not parse. */
    static SpecLibrary library(List<SpecLibrary.Source> sources) {
        try {
            return SpecLibrary.fromSources(sources);
        } catch (SpecException e) {
            throw new UserError(e.getMessage());
        }
    }

    /** The spec named by {@code --spec}, or a user error listing the known ones. */
    static Spec findSpec(SpecLibrary library, String name) {
        return library.find(name)
                .orElseThrow(
                        () ->
                                new UserError(
                                        "unknown spec '"
                                                + name
                                                + "'; known specs: "
                                                + String.join(
                                                        ", ",
                                                        library.specs().stream()
                                                                .map(Spec::name)
                                                                .sorted()
                                                                .toList())));
    }
}
