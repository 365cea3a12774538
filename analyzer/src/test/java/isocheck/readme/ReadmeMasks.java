package isocheck.readme;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The run-dependent parts of README console output, masked in both the README text and the actual
 * output before they are compared (as cram tests do). The one place to add a rule when an output
 * gains a part that changes from run to run; keep each rule as narrow as the part it masks.
 */
final class ReadmeMasks {

    private ReadmeMasks() {}

    private record Rule(Pattern pattern, String replacement, String why) {}

    private static final List<Rule> RULES =
            List.of(
                    new Rule(
                            Pattern.compile("[ \\t]*\\b\\d+(\\.\\d+)?( ?)(ms|s)\\b"),
                            " <time>$2$3",
                            "wall and solver times: 1.2 s, 340 ms, 0.5s, with the padding before them (tables align them)"),
                    new Rule(
                            Pattern.compile("\"(start|commit)\":\\d+"),
                            "\"$1\":<clock>",
                            "recorded start and commit stamps of run"),
                    new Rule(
                            Pattern.compile("\\b\\d+(\\.\\d+)? (seconds|minutes)\\b"),
                            "<time> $2",
                            "durations in words"),
                    new Rule(
                            Pattern.compile("\\b\\d+(\\.\\d+)? (txn|transactions|ops)/s\\b"),
                            "<rate> $2/s",
                            "throughput of run"),
                    new Rule(
                            Pattern.compile("(Proof: \\w+ by \\w+) \\(\\d+ queries\\)"),
                            "$1 (<n> queries)",
                            "how many queries a proof asked depends on which path queries answer within their time limit (16, 17 and 20 for repair's TPC-C proof on one machine at different loads); the verdict and method stay compared"),
                    new Rule(Pattern.compile("/tmp/[^\\s:]+"), "<tmp>", "temporary directories"));

    static String apply(String text) {
        String t = text;
        for (Rule r : RULES) t = r.pattern().matcher(t).replaceAll(r.replacement());
        return t;
    }
}
