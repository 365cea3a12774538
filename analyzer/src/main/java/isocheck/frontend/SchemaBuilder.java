package isocheck.frontend;

import isocheck.program.Column;
import isocheck.program.ScalarType;
import isocheck.program.SourcePos;
import isocheck.program.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.create.table.ColumnDefinition;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.create.table.Index;

/** Reads one {@code CREATE TABLE} (parsed by JSqlParser) into a {@link Table}. */
final class SchemaBuilder {

    private SchemaBuilder() {}

    /** @param tokens the tokens of the statement, used to place messages about columns */
    static Table table(Fragment fragment, List<Token> tokens) {
        Statement statement = fragment.parseStatement();
        SourcePos pos = fragment.start();
        if (!(statement instanceof CreateTable create)) {
            throw new ProgramError(pos, "expected CREATE TABLE");
        }
        if (create.getSelect() != null || create.getLikeTable() != null) {
            throw new ProgramError(pos, "CREATE TABLE … AS/LIKE is not supported; list the columns");
        }
        String name = Names.of(create.getTable().getName());
        SourcePos namePos = fragment.posOf(create.getTable(), pos);
        if (create.getColumnDefinitions() == null || create.getColumnDefinitions().isEmpty()) {
            throw new ProgramError(namePos, "table " + name + " has no columns");
        }
        List<Column> columns = new ArrayList<>();
        List<String> key = new ArrayList<>();
        SourcePos keyPos = null;
        int searchFrom = 3; // after CREATE TABLE name
        for (ColumnDefinition def : create.getColumnDefinitions()) {
            String columnName = Names.of(def.getColumnName());
            int columnToken = indexOf(tokens, def.getColumnName(), searchFrom);
            SourcePos columnPos = columnToken < 0 ? pos : tokens.get(columnToken).pos();
            searchFrom = Math.max(searchFrom, columnToken + 1);
            if (columns.stream().anyMatch(c -> c.name().equals(columnName))) {
                throw new ProgramError(columnPos, "duplicate column " + columnName + " in table " + name);
            }
            ScalarType type = type(def.getColDataType().getDataType(), at(tokens, def.getColDataType().getDataType(), searchFrom, columnPos));
            boolean notNull = false;
            List<String> specs = def.getColumnSpecs() == null ? List.of() : def.getColumnSpecs();
            for (int i = 0; i < specs.size(); i++) {
                String spec = specs.get(i).toUpperCase(Locale.ROOT);
                String next = i + 1 < specs.size() ? specs.get(i + 1).toUpperCase(Locale.ROOT) : "";
                if (spec.equals("NOT") && next.equals("NULL")) {
                    notNull = true;
                    i++;
                } else if (spec.equals("NULL")) {
                    notNull = false;
                } else if (spec.equals("PRIMARY") && next.equals("KEY")) {
                    if (keyPos != null) {
                        throw new ProgramError(columnPos, "table " + name + " declares its primary key twice (use PRIMARY KEY (c1, c2) for a composite key)");
                    }
                    key.add(columnName);
                    keyPos = columnPos;
                    i++;
                } else {
                    throw new ProgramError(at(tokens, specs.get(i), searchFrom, columnPos), "column constraint " + specs.get(i)
                            + " is not supported (supported: NOT NULL, PRIMARY KEY)");
                }
            }
            columns.add(new Column(columnName, type, notNull, columnPos));
        }
        if (create.getIndexes() != null) {
            for (Index index : create.getIndexes()) {
                SourcePos indexPos = at(tokens, index.getType(), searchFrom, pos);
                if (!index.getType().equalsIgnoreCase("PRIMARY KEY")) {
                    throw new ProgramError(indexPos, index.getType() + " constraints are not supported (only PRIMARY KEY)");
                }
                if (keyPos != null) {
                    throw new ProgramError(indexPos, "table " + name + " declares its primary key twice");
                }
                keyPos = indexPos;
                if (index.getIndexSpec() != null && !index.getIndexSpec().isEmpty()) {
                    // JSqlParser keeps what follows "PRIMARY KEY (c)" up to the next comma as the index's spec.
                    String rest = String.join(" ", index.getIndexSpec());
                    throw new ProgramError(at(tokens, index.getIndexSpec().get(0), indexOf(tokens, index.getType(), searchFrom) + 1, indexPos), "unexpected '" + rest
                            + "' after PRIMARY KEY (" + String.join(", ", index.getColumnsNames()) + ") (a missing comma, or a second "
                            + "primary key: declare one PRIMARY KEY (c1, c2) for a composite key)");
                }
                for (String column : index.getColumnsNames()) {
                    String keyColumn = Names.of(column);
                    if (columns.stream().noneMatch(c -> c.name().equals(keyColumn))) {
                        throw new ProgramError(at(tokens, column, searchFrom, indexPos), "primary-key column " + keyColumn + " is not a column of " + name);
                    }
                    if (key.contains(keyColumn)) {
                        throw new ProgramError(at(tokens, column, searchFrom, indexPos), "primary-key column " + keyColumn + " is listed twice");
                    }
                    key.add(keyColumn);
                }
            }
        }
        if (key.isEmpty()) {
            throw new ProgramError(namePos, "table " + name + " has no primary key (declare col INT PRIMARY KEY or PRIMARY KEY (c1, c2))");
        }
        // Primary-key fields are never NULL.
        List<Column> keyed = columns.stream()
                .map(c -> key.contains(c.name()) ? new Column(c.name(), c.type(), true, c.pos()) : c)
                .toList();
        return new Table(name, keyed, key, namePos);
    }

    static ScalarType type(String declared, SourcePos pos) {
        String sqlType = declared.split("[ (]")[0]; // JSqlParser keeps the length: "VARCHAR (20)"
        // JSqlParser also keeps further words ("INT INT"): only CHARACTER VARYING has two.
        String[] words = declared.replaceAll("\\(.*", "").strip().split("\\s+");
        if (words.length > 2 || words.length == 2 && !(words[0].equalsIgnoreCase("CHARACTER") && words[1].equalsIgnoreCase("VARYING"))) {
            throw new ProgramError(pos, "column type '" + declared + "' is not a type: one type per column (e.g. INT or VARCHAR(20))");
        }
        switch (sqlType.toUpperCase(Locale.ROOT)) {
            case "INT", "INTEGER", "BIGINT", "SMALLINT":
                return ScalarType.INT;
            case "VARCHAR", "CHAR", "TEXT", "CHARACTER":
                return ScalarType.STRING;
            default:
                throw new ProgramError(pos, "unsupported type " + sqlType
                        + " (supported: INT, INTEGER, BIGINT, SMALLINT, VARCHAR(n), CHAR(n), TEXT; store money in cents and dates as INT)");
        }
    }

    /** The position of the first token from {@code from} spelling {@code word}, for places JSqlParser does not record. */
    private static SourcePos at(List<Token> tokens, String word, int from, SourcePos fallback) {
        int index = indexOf(tokens, word, from);
        return index < 0 ? fallback : tokens.get(index).pos();
    }

    private static int indexOf(List<Token> tokens, String word, int from) {
        String first = word.split("[ (]")[0];
        for (int i = from; i < tokens.size(); i++) {
            if (tokens.get(i).text().equalsIgnoreCase(first)) {
                return i;
            }
        }
        return -1;
    }
}
