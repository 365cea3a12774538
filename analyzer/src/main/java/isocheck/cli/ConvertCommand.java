package isocheck.cli;

import isocheck.format.Format;
import isocheck.format.HistoryFormatException;
import isocheck.format.HistoryWriter;
import isocheck.history.History;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code isocheck convert IN OUT}: translate a history between formats. */
@Command(
        name = "convert",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Convert a history between formats.",
            "",
            "Reads json, plume, awdit-test, cobra, dbcop, dbcop-json, elle-edn and viper; writes json (our JSON Lines, checker/FORMAT.md) and plume. "
                    + "The input format is sniffed unless --from is given; the output format follows OUT's extension "
                    + "(.jsonl/.json: json, .txt: plume) unless --to is given."
        })
public final class ConvertCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN", description = "the history to read")
    Path in;

    @Parameters(index = "1", paramLabel = "OUT", description = "the file to write")
    Path out;

    @Option(
            names = "--from",
            paramLabel = "FORMAT",
            defaultValue = "auto",
            description = "input format (default: ${DEFAULT-VALUE})")
    String from;

    @Option(
            names = "--to",
            paramLabel = "FORMAT",
            description = "output format (default: from OUT's extension)")
    String to;

    @Override
    public Integer call() {
        Format inFormat = HistoryFiles.format(from, in);
        Format outFormat = to != null ? HistoryFiles.format(to, out) : byExtension(out);
        if (!outFormat.writable()) {
            throw new UserError(
                    "--to: writing the "
                            + outFormat.id()
                            + " format is not supported (writable: json, plume)");
        }
        History history = HistoryFiles.read(in, inFormat);
        try {
            HistoryWriter.write(history, out, outFormat);
        } catch (HistoryFormatException e) {
            throw new UserError(e.getMessage());
        } catch (IOException e) {
            throw new UserError(out + ": cannot write: " + e.getMessage());
        }
        spec.commandLine()
                .getErr()
                .println(
                        "wrote "
                                + history.txnCount()
                                + " transactions to "
                                + out
                                + " ("
                                + outFormat.id()
                                + ")");
        return ExitCode.OK;
    }

    private static Format byExtension(Path path) {
        String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".jsonl") || name.endsWith(".json")) {
            return Format.JSON;
        }
        if (name.endsWith(".txt")) {
            return Format.PLUME;
        }
        throw new UserError(
                path
                        + ": cannot tell the output format from the extension; give --to json or --to plume");
    }
}
