package isocheck.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Start-up: the plain forms of {@code isocheck check} parsed without picocli. Picocli's first
 * command line costs about 0.1 s of CPU in a fresh JVM (its classes target Java 5, so class-data
 * sharing cannot archive them, and they are verified and interpreted cold); a small history is
 * checked in less. Only {@code check HISTORY --level L} with {@code --timeout S}, {@code
 * --explain}, {@code --format F}, {@code --witness text|json|dot} and {@code --max-witnesses N} as
 * separate words, each at most once, is taken; anything else (help, {@code --opt=value},
 * {@code @files}, repeated or unknown options, values picocli would reject) returns null and
 * picocli parses it, so usage errors keep picocli's messages. {@code FastCheckArgsTest} holds the
 * result equal to picocli's parse.
 */
final class FastCheckArgs {

    private FastCheckArgs() {}

    /**
     * A configured {@link CheckCommand} for {@code args} (args[0] = "check"), or null to use
     * picocli.
     */
    static CheckCommand parse(String[] args) {
        if (args.length < 2 || !args[0].equals("check")) {
            return null;
        }
        CheckCommand c = new CheckCommand();
        c.format = "auto";
        c.witness = CheckCommand.WitnessFormat.text;
        c.maxWitnesses = 1;
        boolean format = false;
        boolean witness = false;
        boolean max = false;
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (a.isEmpty() || a.charAt(0) == '@') {
                return null;
            }
            if (a.charAt(0) != '-') {
                if (c.history != null) {
                    return null;
                }
                try {
                    c.history = Path.of(a);
                } catch (InvalidPathException e) {
                    return null;
                }
                continue;
            }
            if (a.equals("--explain")) {
                if (c.explain) {
                    return null;
                }
                c.explain = true;
                continue;
            }
            if (i + 1 >= args.length) {
                return null;
            }
            String v = args[++i];
            if (v.isEmpty() || v.charAt(0) == '-' || v.charAt(0) == '@') {
                return null;
            }
            switch (a) {
                case "--level" -> {
                    if (c.level != null) {
                        return null;
                    }
                    c.level = v;
                }
                case "--format" -> {
                    if (format) {
                        return null;
                    }
                    format = true;
                    c.format = v;
                }
                case "--witness" -> {
                    if (witness) {
                        return null;
                    }
                    witness = true;
                    switch (v) {
                        case "text" -> c.witness = CheckCommand.WitnessFormat.text;
                        case "json" -> c.witness = CheckCommand.WitnessFormat.json;
                        case "dot" -> c.witness = CheckCommand.WitnessFormat.dot;
                        default -> {
                            return null;
                        }
                    }
                }
                case "--max-witnesses" -> {
                    if (max || !v.matches("[0-9]{1,9}")) {
                        return null;
                    }
                    max = true;
                    c.maxWitnesses = Integer.parseInt(v);
                }
                case "--timeout" -> {
                    if (c.timeout != null || !v.matches("[0-9]{1,9}(\\.[0-9]{1,9})?")) {
                        return null;
                    }
                    c.timeout = Double.valueOf(v);
                }
                default -> {
                    return null;
                }
            }
        }
        return c.history == null || c.level == null ? null : c;
    }
}
