package isocheck.cli;

import isocheck.program.FactExtractor;
import isocheck.program.Program;
import isocheck.report.ParseReport;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code isocheck parse PROGRAM}: load, resolve and type-check a program and show what the encoder
 * will see.
 */
@Command(
        name = "parse",
        mixinStandardHelpOptions = true,
        modelTransformer = OutputFormatOption.Described.class,
        versionProvider = VersionProvider.class,
        description = {
            "Parse and type-check a program; show what the encoder sees.",
            "",
            "For each SQL statement of each transaction: its guard (the enclosing IF conditions, the paper's Lambda), "
                    + "its FOREACH loops, the fields it reads and writes (@alive is the paper's Alive), "
                    + "and the primary-key fields its WHERE clause pins to which expressions."
        })
public final class ParseCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PROGRAM", description = "the program file (.sql)")
    Path program;

    @picocli.CommandLine.Mixin
    OutputFormatOption format = new OutputFormatOption(OutputFormat.text, OutputFormat.json);

    @Override
    public Integer call() {
        Program loaded = Inputs.loadProgram(program);
        var facts = FactExtractor.of(loaded);
        var out = spec.commandLine().getOut();
        out.print(
                format.get() == OutputFormat.json
                        ? ParseReport.json(loaded, facts)
                        : ParseReport.text(loaded, facts));
        out.flush();
        return ExitCode.OK;
    }
}
