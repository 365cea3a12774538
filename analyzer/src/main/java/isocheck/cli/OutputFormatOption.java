package isocheck.cli;

import java.util.List;
import java.util.Locale;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --format FORMAT}, the report format, one picocli mixin for the commands that print a
 * report (parse, analyze, verify, weakest, catalogue). Each command names the formats it writes
 * (the first is the default); any other value is refused as picocli refuses a bad enum value (one
 * line, exit 2), and the command's help lists its own values ({@link Described}, the command's
 * model transformer). ({@code check --format} is different: the history's input format.)
 */
final class OutputFormatOption {

    private final List<OutputFormat> accepted;
    private OutputFormat format;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    OutputFormatOption(OutputFormat... accepted) {
        this.accepted = List.of(accepted);
        this.format = accepted[0];
    }

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "text",
            description = "the report format (default: ${DEFAULT-VALUE})")
    void format(String value) {
        for (OutputFormat f : accepted) {
            if (f.name().equals(value.toLowerCase(Locale.ROOT))) {
                format = f;
                return;
            }
        }
        // picocli's own words for a bad enum value (what these options said when each was an enum)
        throw new ParameterException(
                mixee.commandLine(),
                "Invalid value for option '--format': expected one of "
                        + accepted
                        + " (case-insensitive) but was '"
                        + value
                        + "'");
    }

    /** The format given (or the default). */
    OutputFormat get() {
        return format;
    }

    /** "text, json or markdown": this command's values, for its help. */
    String values() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < accepted.size(); i++) {
            if (i > 0) b.append(i == accepted.size() - 1 ? " or " : ", ");
            b.append(accepted.get(i).name());
        }
        return b.toString();
    }

    /**
     * The model transformer of a command that mixes this option in: its {@code --format}
     * description lists that command's values ("text or json (default: text)").
     */
    static final class Described implements IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec command) {
            for (CommandSpec mixin : command.mixins().values()) {
                if (mixin.userObject() instanceof OutputFormatOption option) {
                    OptionSpec old = command.findOption("--format");
                    command.remove(old);
                    command.addOption(
                            OptionSpec.builder(old)
                                    .description(option.values() + " (default: ${DEFAULT-VALUE})")
                                    .build());
                }
            }
            return command;
        }
    }
}
