package isocheck.frontend;

import java.util.Locale;

/**
 * SQL identifiers are case-insensitive: tables, columns and variables are resolved in lower case.
 */
final class Names {

    private Names() {}

    static String of(String identifier) {
        return identifier.toLowerCase(Locale.ROOT);
    }
}
