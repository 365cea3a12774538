package isocheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.format.Format;
import org.junit.jupiter.api.Test;

/**
 * The history formats named in {@code check --help} and {@code convert --help} are picocli
 * annotation text, which cannot be computed from {@link Format}: this test makes a format added to
 * the registry and missed in either list fail (docs/DESIGN.md, recipe "Adding a history format").
 */
class FormatListsTest {

    @Test
    void everyReadableFormatIsNamedInTheHelpOfCheckAndConvert() {
        String check = CliRun.of("check", "--help").out().replaceAll("\\s+", " ");
        String convert = CliRun.of("convert", "--help").out().replaceAll("\\s+", " ");
        for (Format f : Format.values()) {
            if (!f.readable()) continue;
            assertTrue(check.matches("(?s).*[ ,(]" + f.id() + "[ ,)].*"), f.id() + " in " + check);
            assertTrue(
                    convert.matches("(?s).*[ ,]" + f.id() + "[ ,;].*"), f.id() + " in " + convert);
            assertEquals(f, Format.parse(f.id()));
        }
    }
}
