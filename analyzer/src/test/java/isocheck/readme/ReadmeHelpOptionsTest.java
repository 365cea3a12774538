package isocheck.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.cli.CliRun;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code --help} is complete (issue 16: "--help texts that omit options the README uses"): every
 * option that a README command line gives to an {@code isocheck} subcommand, in a code block or in
 * inline code, appears in that subcommand's {@code --help}.
 */
class ReadmeHelpOptionsTest {

    private static final Set<String> COMMANDS =
            Set.of("parse", "specs", "analyze", "verify", "weakest", "check", "convert", "run");
    private static final Pattern INVOCATION =
            Pattern.compile("(?:^|[\\s(`$])(?:\\./)?isocheck\\s+([a-z]+)((?:\\s+[^|;&>]*)?)");
    private static final Pattern OPTION = Pattern.compile("(?<![\\w-])(--[a-z][a-z0-9-]*)");

    /**
     * Subcommand → the options README command lines give it (with the README line of the first
     * use).
     */
    static Map<String, Map<String, Integer>> optionsInReadme() throws Exception {
        List<String> lines =
                Files.readAllLines(
                        ReadmeConsoleTest.ROOT.resolve("README.md"), StandardCharsets.UTF_8);
        Map<String, Map<String, Integer>> used = new TreeMap<>();
        boolean inBlock = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.strip().startsWith("```")) {
                inBlock = !inBlock;
                continue;
            }
            if (!inBlock) {
                // inline code in the prose: `isocheck run … --timeout 5`
                Matcher span = Pattern.compile("`([^`]*isocheck [^`]*)`").matcher(line);
                while (span.find()) collect(span.group(1), i + 1, used);
                continue;
            }
            int first = i;
            StringBuilder cmd = new StringBuilder(line);
            while (cmd.toString().endsWith("\\") && i + 1 < lines.size()) { // continuation lines
                cmd.setLength(cmd.length() - 1);
                cmd.append(' ').append(lines.get(++i));
            }
            collect(cmd.toString(), first + 1, used);
        }
        return used;
    }

    private static void collect(String text, int line, Map<String, Map<String, Integer>> used) {
        Matcher m = INVOCATION.matcher(text);
        while (m.find()) {
            if (!COMMANDS.contains(m.group(1))) continue;
            Matcher o = OPTION.matcher(m.group(2));
            while (o.find())
                used.computeIfAbsent(m.group(1), k -> new TreeMap<>())
                        .putIfAbsent(o.group(1), line);
        }
    }

    @Test
    void everyOptionTheReadmeUsesIsInItsCommandsHelp() throws Exception {
        Map<String, Map<String, Integer>> used = optionsInReadme();
        // the README's tour uses every command with options; a broken extraction must not pass
        // quietly
        assertTrue(
                used.keySet().containsAll(Set.of("analyze", "check", "run", "weakest", "verify")),
                used.toString());
        List<String> missing = new ArrayList<>();
        int checked = 0;
        for (Map.Entry<String, Map<String, Integer>> e : used.entrySet()) {
            CliRun help = CliRun.of(e.getKey(), "--help");
            assertEquals(0, help.exitCode(), help.err());
            Set<String> helpOptions = new TreeSet<>();
            Matcher o = OPTION.matcher(help.out());
            while (o.find()) helpOptions.add(o.group(1));
            for (Map.Entry<String, Integer> opt : e.getValue().entrySet()) {
                checked++;
                if (!helpOptions.contains(opt.getKey())) {
                    missing.add(
                            "README.md:"
                                    + opt.getValue()
                                    + ": isocheck "
                                    + e.getKey()
                                    + " "
                                    + opt.getKey());
                }
            }
        }
        System.out.println("README options by command: " + used);
        assertTrue(
                checked >= 25, "only " + checked + " options found in the README's command lines");
        assertTrue(
                missing.isEmpty(),
                "options the README uses but --help does not show:\n" + String.join("\n", missing));
    }
}
