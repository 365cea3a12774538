package isocheck.frontend;

import isocheck.program.Column;
import isocheck.program.Cond;
import isocheck.program.Constraint;
import isocheck.program.Expr;
import isocheck.program.ScalarType;
import isocheck.program.SourcePos;
import isocheck.program.Table;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.create.table.CheckConstraint;
import net.sf.jsqlparser.statement.create.table.ColumnDefinition;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.create.table.ForeignKeyIndex;
import net.sf.jsqlparser.statement.create.table.Index;

/** Reads one {@code CREATE TABLE} (parsed by JSqlParser) into a {@link Table}. */
final class SchemaBuilder {

    private SchemaBuilder() {}

    /** The words that begin a column constraint, which end a DEFAULT's value. */
    private static final java.util.Set<String> CONSTRAINT_WORDS =
            java.util.Set.of(
                    "NOT",
                    "NULL",
                    "PRIMARY",
                    "UNIQUE",
                    "CHECK",
                    "REFERENCES",
                    "CONSTRAINT",
                    "DEFAULT",
                    "GENERATED");

    /**
     * @param tokens the tokens of the statement, used to place messages about columns
     */
    static Table table(Fragment fragment, List<Token> tokens) {
        // JSqlParser 5.3 fails on DEFAULT nextval('s') in a column definition, but reads the
        // spelling pg_dump writes, nextval('s'::regclass) (the same call in PostgreSQL); it also
        // fails on an identity column's (sequence options), which change nothing the analysis
        // models (Sequences: a value is drawn freely). Later places come from the tokens, so the
        // changed text shifts no message.
        String readable =
                fragment.text()
                        .replaceAll("(?i)(nextval\\s*\\(\\s*'[^']*')(\\s*\\))", "$1::regclass$2")
                        .replaceAll("(?i)(\\bAS\\s+IDENTITY)\\s*\\([^)]*\\)", "$1");
        Statement statement =
                (readable.equals(fragment.text())
                                ? fragment
                                : new Fragment(readable, fragment.start()))
                        .parseStatement();
        SourcePos pos = fragment.start();
        if (!(statement instanceof CreateTable create)) {
            throw new ProgramError(pos, "expected CREATE TABLE");
        }
        if (create.getSelect() != null || create.getLikeTable() != null) {
            throw new ProgramError(
                    pos, "CREATE TABLE … AS/LIKE is not supported; list the columns");
        }
        String name = Names.of(create.getTable().getName());
        SourcePos namePos = fragment.posOf(create.getTable(), pos);
        if (create.getColumnDefinitions() == null || create.getColumnDefinitions().isEmpty()) {
            throw new ProgramError(namePos, "table " + name + " has no columns");
        }
        List<Column> columns = new ArrayList<>();
        List<RawConstraint> raw = new ArrayList<>();
        List<String> key = new ArrayList<>();
        SourcePos keyPos = null;
        int searchFrom = 3; // after CREATE TABLE name
        for (ColumnDefinition def : create.getColumnDefinitions()) {
            String columnName = Names.of(def.getColumnName());
            int columnToken = indexOf(tokens, def.getColumnName(), searchFrom);
            SourcePos columnPos = columnToken < 0 ? pos : tokens.get(columnToken).pos();
            searchFrom = Math.max(searchFrom, columnToken + 1);
            if (columns.stream().anyMatch(c -> c.name().equals(columnName))) {
                throw new ProgramError(
                        columnPos, "duplicate column " + columnName + " in table " + name);
            }
            boolean serial = Sequences.isSerial(def.getColDataType().getDataType());
            SqlTypes.Declared declared =
                    serial
                            // SERIAL: an integer column, NOT NULL, DEFAULT nextval of its own
                            // sequence (PostgreSQL manual §8.1.4 "Serial Types")
                            ? new SqlTypes.Declared(ScalarType.INT, false)
                            : SqlTypes.of(
                                    def.getColDataType().getDataType(),
                                    at(
                                            tokens,
                                            def.getColDataType().getDataType(),
                                            searchFrom,
                                            columnPos));
            ScalarType type = declared.scalar();
            boolean notNull = serial;
            Optional<Expr> defaultValue =
                    serial
                            ? Optional.of(
                                    Sequences.defaultFrom(
                                            Sequences.implicitName(name, columnName), columnPos))
                            : Optional.empty();
            List<String> specs = def.getColumnSpecs() == null ? List.of() : def.getColumnSpecs();
            for (int i = 0; i < specs.size(); i++) {
                String spec = specs.get(i).toUpperCase(Locale.ROOT);
                String next = i + 1 < specs.size() ? specs.get(i + 1).toUpperCase(Locale.ROOT) : "";
                if (spec.equals("NOT") && next.equals("NULL")) {
                    notNull = true;
                    i++;
                } else if (spec.equals("NULL")) {
                    notNull = false;
                } else if (spec.equals("DEFAULT") && i + 1 < specs.size()) {
                    SourcePos defaultPos = at(tokens, "DEFAULT", searchFrom, columnPos);
                    // JSqlParser splits the default into words: take them up to the next constraint
                    // keyword
                    StringBuilder text = new StringBuilder(specs.get(++i));
                    while (i + 1 < specs.size()
                            && !CONSTRAINT_WORDS.contains(
                                    specs.get(i + 1).toUpperCase(Locale.ROOT))) {
                        text.append(' ').append(specs.get(++i));
                    }
                    defaultValue =
                            defaultValue(
                                    text.toString(),
                                    declared,
                                    serial ? "" : def.getColDataType().getDataType(),
                                    columnName,
                                    defaultPos);
                } else if (spec.equals("GENERATED") || spec.equals("AUTO_INCREMENT")) {
                    // GENERATED {ALWAYS | BY DEFAULT} AS IDENTITY [(options)] (PostgreSQL manual,
                    // CREATE TABLE; NOT NULL implied) and MariaDB's AUTO_INCREMENT: a DEFAULT
                    // drawn from the column's own sequence (Sequences). ALWAYS also refuses an
                    // explicit value in INSERT, which the analysis does not check (it reads such an
                    // INSERT as BY DEFAULT; PostgreSQL rejects the statement when it runs).
                    SourcePos generatedPos = at(tokens, spec, searchFrom, columnPos);
                    if (spec.equals("GENERATED")) {
                        int k = i + 1;
                        if (k < specs.size() && specs.get(k).equalsIgnoreCase("ALWAYS")) {
                            k++;
                        } else if (k + 1 < specs.size()
                                && specs.get(k).equalsIgnoreCase("BY")
                                && specs.get(k + 1).equalsIgnoreCase("DEFAULT")) {
                            k += 2;
                        } else {
                            k = -1;
                        }
                        if (k < 0
                                || k + 1 >= specs.size()
                                || !specs.get(k).equalsIgnoreCase("AS")
                                || !specs.get(k + 1).equalsIgnoreCase("IDENTITY")) {
                            throw new ProgramError(
                                    generatedPos,
                                    "GENERATED is supported as GENERATED {ALWAYS | BY DEFAULT} AS IDENTITY (a generated expression column is not)");
                        }
                        i = k + 1;
                        if (i + 1 < specs.size() && specs.get(i + 1).startsWith("(")) {
                            i++; // the sequence's options: its values are drawn freely anyway
                        }
                    }
                    if (type != ScalarType.INT || declared.bool()) {
                        throw new ProgramError(
                                generatedPos,
                                "an identity column must be an integer type, not "
                                        + def.getColDataType().getDataType());
                    }
                    notNull = true;
                    defaultValue =
                            Optional.of(
                                    Sequences.defaultFrom(
                                            Sequences.implicitName(name, columnName),
                                            generatedPos));
                } else if (spec.equals("CONSTRAINT") && i + 1 < specs.size()) {
                    i++; // CONSTRAINT name: the name changes nothing the analysis models
                } else if (spec.equals("UNIQUE")) {
                    raw.add(
                            new RawConstraint(
                                    "UNIQUE",
                                    List.of(columnName),
                                    null,
                                    null,
                                    List.of(),
                                    at(tokens, "UNIQUE", searchFrom, columnPos)));
                } else if (spec.equals("CHECK") && i + 1 < specs.size()) {
                    SourcePos checkPos = at(tokens, "CHECK", searchFrom, columnPos);
                    raw.add(
                            new RawConstraint(
                                    "CHECK", List.of(), specs.get(++i), null, List.of(), checkPos));
                } else if (spec.equals("REFERENCES") && i + 1 < specs.size()) {
                    SourcePos refPos = at(tokens, "REFERENCES", searchFrom, columnPos);
                    String parent = Names.of(specs.get(++i));
                    List<String> referenced = List.of();
                    if (i + 1 < specs.size() && specs.get(i + 1).startsWith("(")) {
                        referenced = names(specs.get(++i));
                    }
                    if (i + 1 < specs.size() && specs.get(i + 1).equalsIgnoreCase("ON")) {
                        throw new ProgramError(
                                at(tokens, "ON", searchFrom, refPos),
                                "REFERENCES … ON DELETE/UPDATE actions are not supported "
                                        + "(a cascade is a write the program does not show); the default, NO ACTION, is");
                    }
                    raw.add(
                            new RawConstraint(
                                    "REFERENCES",
                                    List.of(columnName),
                                    null,
                                    parent,
                                    referenced,
                                    refPos));
                } else if (spec.equals("PRIMARY") && next.equals("KEY")) {
                    if (keyPos != null) {
                        throw new ProgramError(
                                columnPos,
                                "table "
                                        + name
                                        + " declares its primary key twice (use PRIMARY KEY (c1, c2) for a composite key)");
                    }
                    key.add(columnName);
                    keyPos = columnPos;
                    i++;
                } else {
                    throw new ProgramError(
                            at(tokens, specs.get(i), searchFrom, columnPos),
                            "column constraint "
                                    + specs.get(i)
                                    + " is not supported (supported: NOT NULL, DEFAULT literal, PRIMARY KEY, UNIQUE, CHECK (…), REFERENCES t (c))");
                }
            }
            columns.add(
                    new Column(
                            columnName, type, notNull, columnPos, declared.bool(), defaultValue));
        }
        if (create.getIndexes() != null) {
            for (Index index : create.getIndexes()) {
                if (index instanceof CheckConstraint check) {
                    SourcePos checkPos = at(tokens, "CHECK", searchFrom, pos);
                    raw.add(
                            new RawConstraint(
                                    "CHECK",
                                    List.of(),
                                    null,
                                    null,
                                    List.of(),
                                    checkPos,
                                    check.getExpression()));
                    continue;
                }
                SourcePos indexPos = at(tokens, index.getType(), searchFrom, pos);
                if (index instanceof ForeignKeyIndex fk) {
                    if (fk.getOnDeleteReferenceOption() != null
                            || fk.getOnUpdateReferenceOption() != null
                            || fk.toString().toUpperCase(Locale.ROOT).contains(" ON ")) {
                        throw new ProgramError(
                                indexPos,
                                "FOREIGN KEY … ON DELETE/UPDATE actions are not supported "
                                        + "(a cascade is a write the program does not show); the default, NO ACTION, is");
                    }
                    raw.add(
                            new RawConstraint(
                                    "REFERENCES",
                                    fk.getColumnsNames().stream().map(Names::of).toList(),
                                    null,
                                    Names.of(fk.getTable().getName()),
                                    fk.getReferencedColumnNames() == null
                                            ? List.of()
                                            : fk.getReferencedColumnNames().stream()
                                                    .map(Names::of)
                                                    .toList(),
                                    indexPos));
                    continue;
                }
                if (index.getType().equalsIgnoreCase("UNIQUE")
                        || index.getType().equalsIgnoreCase("UNIQUE KEY")) {
                    raw.add(
                            new RawConstraint(
                                    "UNIQUE",
                                    index.getColumnsNames().stream().map(Names::of).toList(),
                                    null,
                                    null,
                                    List.of(),
                                    indexPos));
                    continue;
                }
                if (!index.getType().equalsIgnoreCase("PRIMARY KEY")) {
                    throw new ProgramError(
                            indexPos,
                            index.getType()
                                    + " constraints are not supported (PRIMARY KEY, UNIQUE, CHECK, FOREIGN KEY are)");
                }
                if (keyPos != null) {
                    throw new ProgramError(
                            indexPos, "table " + name + " declares its primary key twice");
                }
                keyPos = indexPos;
                if (index.getIndexSpec() != null && !index.getIndexSpec().isEmpty()) {
                    // JSqlParser keeps what follows "PRIMARY KEY (c)" up to the next comma as the
                    // index's spec.
                    String rest = String.join(" ", index.getIndexSpec());
                    throw new ProgramError(
                            at(
                                    tokens,
                                    index.getIndexSpec().get(0),
                                    indexOf(tokens, index.getType(), searchFrom) + 1,
                                    indexPos),
                            "unexpected '"
                                    + rest
                                    + "' after PRIMARY KEY ("
                                    + String.join(", ", index.getColumnsNames())
                                    + ") (a missing comma, or a second "
                                    + "primary key: declare one PRIMARY KEY (c1, c2) for a composite key)");
                }
                for (String column : index.getColumnsNames()) {
                    String keyColumn = Names.of(column);
                    if (columns.stream().noneMatch(c -> c.name().equals(keyColumn))) {
                        throw new ProgramError(
                                at(tokens, column, searchFrom, indexPos),
                                "primary-key column " + keyColumn + " is not a column of " + name);
                    }
                    if (key.contains(keyColumn)) {
                        throw new ProgramError(
                                at(tokens, column, searchFrom, indexPos),
                                "primary-key column " + keyColumn + " is listed twice");
                    }
                    key.add(keyColumn);
                }
            }
        }
        if (key.isEmpty()) {
            if (columns.stream().anyMatch(c -> c.name().equals(KeylessTables.ROW_ID))) {
                throw new ProgramError(
                        namePos,
                        "table "
                                + name
                                + " has no primary key and a column named "
                                + KeylessTables.ROW_ID
                                + ", the name isocheck gives the hidden key of such a table");
            }
            columns.add(
                    KeylessTables.column(
                            namePos)); // rows identified by a hidden key (KeylessTables)
            key.add(KeylessTables.ROW_ID);
        }
        // Primary-key fields are never NULL.
        List<Column> keyed =
                columns.stream().map(c -> key.contains(c.name()) ? c.withNotNull() : c).toList();
        Table table = new Table(name, keyed, key, namePos);
        List<Constraint> constraints = new ArrayList<>();
        for (RawConstraint r : raw) {
            constraints.add(r.resolve(table, fragment));
        }
        return new Table(name, keyed, key, constraints, namePos);
    }

    /**
     * A constraint as written, resolved once the table's columns are known: UNIQUE and REFERENCES
     * list columns; CHECK is a condition over the row (JSqlParser keeps a column's CHECK as text
     * and a table's as a node). A referenced table's columns are checked when the program is
     * complete ({@link #checkReferences}).
     */
    private record RawConstraint(
            String kind,
            List<String> columns,
            String checkText,
            String parent,
            List<String> referenced,
            SourcePos pos,
            Expression checkNode) {
        RawConstraint(
                String kind,
                List<String> columns,
                String checkText,
                String parent,
                List<String> referenced,
                SourcePos pos) {
            this(kind, columns, checkText, parent, referenced, pos, null);
        }

        Constraint resolve(Table table, Fragment fragment) {
            for (String c : columns) {
                if (table.column(c).isEmpty()) {
                    throw new ProgramError(
                            pos,
                            kind + " names " + c + ", which is not a column of " + table.name());
                }
            }
            switch (kind) {
                case "UNIQUE":
                    return new Constraint.Unique(columns, pos);
                case "REFERENCES":
                    return new Constraint.ForeignKey(columns, parent, referenced, pos);
                default:
                    Fragment f = checkNode != null ? fragment : new Fragment(checkText, pos);
                    Expression e = checkNode != null ? checkNode : f.parseExpression();
                    // a CHECK sees the row only: no variables (an empty scope), no subqueries
                    try {
                        Cond c = ExprTranslator.sql(f, new Scope(), table, null).cond(e);
                        return new Constraint.Check(c, pos);
                    } catch (ProgramError error) {
                        // JSqlParser records no position in a table constraint's nodes: name the
                        // CHECK
                        throw error.pos().equals(f.start())
                                ? new ProgramError(pos, error.detail())
                                : error;
                    }
            }
        }
    }

    /** {@code (a, b)} as JSqlParser keeps a column's REFERENCES t (a, b). */
    private static List<String> names(String parenthesised) {
        return java.util.Arrays.stream(parenthesised.replaceAll("[()]", "").split(","))
                .map(String::strip)
                .map(Names::of)
                .toList();
    }

    /**
     * Every FOREIGN KEY names a table of the program and as many of its columns as it lists (the
     * parent's primary key when it lists none, as SQL does).
     */
    static List<Table> checkReferences(List<Table> tables) {
        List<Table> out = new ArrayList<>();
        for (Table t : tables) {
            List<Constraint> resolved = new ArrayList<>();
            for (Constraint c : t.constraints()) {
                if (c instanceof Constraint.ForeignKey fk) {
                    Table parent =
                            tables.stream()
                                    .filter(p -> p.name().equals(fk.table()))
                                    .findFirst()
                                    .orElseThrow(
                                            () ->
                                                    new ProgramError(
                                                            fk.pos(),
                                                            "REFERENCES names table "
                                                                    + fk.table()
                                                                    + ", which the program does not declare"));
                    List<String> referenced =
                            fk.referenced().isEmpty() ? parent.primaryKey() : fk.referenced();
                    if (referenced.size() != fk.columns().size()) {
                        throw new ProgramError(
                                fk.pos(),
                                "FOREIGN KEY lists "
                                        + fk.columns().size()
                                        + " column(s) but references "
                                        + referenced.size());
                    }
                    for (String r : referenced) {
                        if (parent.column(r).isEmpty()) {
                            throw new ProgramError(
                                    fk.pos(),
                                    "REFERENCES names "
                                            + fk.table()
                                            + "."
                                            + r
                                            + ", which is not a column of "
                                            + fk.table());
                        }
                    }
                    c = new Constraint.ForeignKey(fk.columns(), fk.table(), referenced, fk.pos());
                }
                resolved.add(c);
            }
            out.add(new Table(t.name(), t.columns(), t.primaryKey(), resolved, t.pos()));
        }
        return out;
    }

    static ScalarType type(String declared, SourcePos pos) {
        return SqlTypes.of(declared, pos).scalar();
    }

    /**
     * A column's {@code DEFAULT}: an integer, string or boolean literal (exact: the front-end
     * writes it into every INSERT that leaves the column out, as the database does), or NULL (no
     * default).
     */
    private static Optional<Expr> defaultValue(
            String text,
            SqlTypes.Declared declared,
            String typeName,
            String column,
            SourcePos pos) {
        Expression e;
        try {
            e = CCJSqlParserUtil.parseExpression(text);
        } catch (JSQLParserException ex) {
            throw new ProgramError(
                    pos,
                    "DEFAULT "
                            + text
                            + " is not supported (a literal: integer, string, TRUE/FALSE or NULL)");
        }
        Expr value;
        Optional<String> sequence = Sequences.nextval(e, pos);
        if (sequence.isPresent() && declared.scalar() == ScalarType.INT && !declared.bool()) {
            // DEFAULT nextval('s'): a fresh value per INSERT (Sequences)
            return Optional.of(Sequences.defaultFrom(sequence.get(), pos));
        }
        Optional<String> clock = TransactionClock.keyword(text);
        if (clock.isPresent()
                && declared.scalar() == isocheck.program.ScalarType.INT
                && !declared.bool()) {
            // DEFAULT CURRENT_TIMESTAMP: the inserting transaction's start time (TransactionClock)
            return Optional.of(
                    new Expr.VarRef(clock.get(), null, isocheck.program.ScalarType.INT, pos));
        }
        if (e instanceof NullValue) {
            return Optional.empty();
        } else if (e instanceof LongValue v) {
            value = new Expr.IntLit(ExprTranslator.intLiteral(v, pos), pos);
        } else if (e instanceof SignedExpression s && s.getExpression() instanceof LongValue v) {
            long abs = ExprTranslator.intLiteral(v, pos);
            value = new Expr.IntLit(s.getSign() == '-' ? -abs : abs, pos);
        } else if (e instanceof StringValue v
                && declared.scalar() == ScalarType.INT
                && !declared.bool()
                && v.getValue().strip().matches("[+-]?[0-9]{1,18}")) {
            // DEFAULT '0' on an integer column (BenchBase Wikipedia's DDL): a quoted literal is of
            // unknown type and PostgreSQL coerces it to the column's type (manual §4.1.2.7,
            // "Constants of Other Types"), so it is the integer it spells.
            value = new Expr.IntLit(Long.parseLong(v.getValue().strip()), pos);
        } else if (e instanceof StringValue v && instant(typeName, v.getValue()).isPresent()) {
            // DEFAULT '1970-01-01 00:00:01' on a TIMESTAMP or DATE column (BenchBase AuctionMark's
            // item dates): the instant as its number of seconds since 1970-01-01 00:00 UTC, which
            // keeps the order of instants, all the model compares (SqlTypes: an instant is a
            // number, no calendar arithmetic)
            value = new Expr.IntLit(instant(typeName, v.getValue()).getAsLong(), pos);
        } else if (e instanceof StringValue v) {
            value = new Expr.StrLit(v.getValue(), pos);
        } else if (e instanceof BooleanValue v && declared.bool()) {
            value = new Expr.IntLit(v.getValue() ? 1 : 0, pos);
        } else {
            throw new ProgramError(
                    pos,
                    "DEFAULT "
                            + text
                            + " is not supported (a literal: integer, string, TRUE/FALSE or NULL)");
        }
        if (value.type() != declared.scalar() || e instanceof LongValue && declared.bool()) {
            throw new ProgramError(pos, "DEFAULT " + text + " does not fit column " + column);
        }
        return Optional.of(value);
    }

    /**
     * A string literal as an instant of a TIMESTAMP or DATE column ({@code typeName} as written):
     * ISO {@code yyyy-MM-dd} or {@code yyyy-MM-dd HH:mm:ss}, in seconds since the epoch (UTC);
     * empty for another type or another spelling.
     */
    private static OptionalLong instant(String typeName, String literal) {
        String type = typeName.strip().toUpperCase(Locale.ROOT);
        if (!type.startsWith("TIMESTAMP") && !type.equals("DATE")) {
            return OptionalLong.empty();
        }
        String t = literal.strip();
        try {
            LocalDateTime at =
                    t.length() == 10
                            ? LocalDate.parse(t).atStartOfDay()
                            : LocalDateTime.parse(t.replace(' ', 'T'));
            return OptionalLong.of(at.toEpochSecond(ZoneOffset.UTC));
        } catch (DateTimeParseException ex) {
            return OptionalLong.empty();
        }
    }

    /**
     * The position of the first token from {@code from} spelling {@code word}, for places
     * JSqlParser does not record.
     */
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
