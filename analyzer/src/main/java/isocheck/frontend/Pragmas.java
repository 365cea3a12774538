package isocheck.frontend;

import isocheck.program.Column;
import isocheck.program.Invariant;
import isocheck.program.ScalarType;
import isocheck.program.Schema;
import isocheck.program.SourcePos;
import isocheck.program.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Declarations written as SQL line comments, so that the file still loads into a database unchanged
 * (PostgreSQL skips them, inside and outside a function body):
 *
 * <pre>
 * -- @isocheck invariant orders.o_id &lt; district.d_next_o_id
 * </pre>
 *
 * A line whose first non-blank characters are {@code --} followed by {@code @isocheck} is a pragma;
 * {@code invariant TABLE.KEY_COLUMN < COUNTER_TABLE.FIELD} is the one kind ({@link Invariant}).
 */
final class Pragmas {

    private static final Pattern PRAGMA =
            Pattern.compile("^([ \\t]*--[ \\t]*)@isocheck\\b[ \\t]*(.*)$", Pattern.MULTILINE);
    private static final Pattern INVARIANT =
            Pattern.compile(
                    "invariant\\s+(\\w+)\\.(\\w+)\\s*<\\s*(\\w+)\\.(\\w+)\\s*",
                    Pattern.CASE_INSENSITIVE);

    private Pragmas() {}

    static List<Invariant> invariants(String file, String source, Schema schema) {
        List<Invariant> out = new ArrayList<>();
        Matcher m = PRAGMA.matcher(source);
        while (m.find()) {
            int line = 1;
            for (int i = 0; i < m.start(); i++) {
                if (source.charAt(i) == '\n') {
                    line++;
                }
            }
            SourcePos pos = new SourcePos(file, line, m.group(1).length() + 1);
            String body = m.group(2).strip();
            Matcher inv = INVARIANT.matcher(body);
            if (!inv.matches()) {
                throw new ProgramError(
                        pos,
                        "unknown @isocheck pragma '"
                                + body
                                + "' (supported: @isocheck invariant TABLE.KEY_COLUMN < COUNTER_TABLE.FIELD)");
            }
            Table table = table(schema, inv.group(1), pos);
            Column column = column(table, inv.group(2), pos);
            Table counter = table(schema, inv.group(3), pos);
            Column field = column(counter, inv.group(4), pos);
            if (!table.isKey(column.name())) {
                throw new ProgramError(
                        pos,
                        "invariant: "
                                + table.name()
                                + "."
                                + column.name()
                                + " is not a primary-key column");
            }
            if (counter.isKey(field.name())) {
                throw new ProgramError(
                        pos,
                        "invariant: "
                                + counter.name()
                                + "."
                                + field.name()
                                + " is a key column, not a counter field");
            }
            if (column.type() != ScalarType.INT || field.type() != ScalarType.INT) {
                throw new ProgramError(pos, "invariant: both sides must be INT columns");
            }
            out.add(new Invariant(table.name(), column.name(), counter.name(), field.name(), pos));
        }
        return out;
    }

    private static Table table(Schema schema, String name, SourcePos pos) {
        return schema.table(Names.of(name))
                .orElseThrow(() -> new ProgramError(pos, "invariant: unknown table " + name));
    }

    private static Column column(Table table, String name, SourcePos pos) {
        return table.column(Names.of(name))
                .orElseThrow(
                        () ->
                                new ProgramError(
                                        pos,
                                        "invariant: unknown column "
                                                + name
                                                + " in table "
                                                + table.name()));
    }
}
