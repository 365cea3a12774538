package isocheck.frontend;

import isocheck.program.Column;
import isocheck.program.Expr;
import isocheck.program.Field;
import isocheck.program.SourcePos;
import isocheck.program.Table;
import isocheck.program.Type;
import isocheck.program.Variable;
import java.util.stream.Collectors;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;

/**
 * Name resolution under {@link ExprTranslator}: what a bare or qualified name denotes (a column of
 * the statement's one table, a variable or a row variable's field, EXCLUDED.c of ON CONFLICT, a
 * PL/pgSQL variable, with PostgreSQL's ambiguity rule), and the column an UPDATE sets or an INSERT
 * lists.
 */
abstract class NameResolver {

    final Fragment fragment;
    final Scope scope;
    final Table table; // null outside SQL: no record is being visited
    final String alias;

    /**
     * {@code INSERT … ON CONFLICT DO UPDATE SET}: {@code EXCLUDED.c} is the value the INSERT gave
     * c.
     */
    java.util.Map<String, Expr> excluded;

    NameResolver(Fragment fragment, Scope scope, Table table, String alias) {
        this.fragment = fragment;
        this.scope = scope;
        this.table = table;
        this.alias = alias;
    }

    SourcePos pos(Object node) {
        if (node instanceof BinaryExpression b) {
            return fragment.posOf(b, pos(b.getLeftExpression()));
        }
        if (node instanceof ParenthesedExpressionList<?> list && !list.isEmpty()) {
            return fragment.posOf(list, pos(list.get(0)));
        }
        if (node instanceof NotExpression n) {
            return fragment.posOf(n, pos(n.getExpression()));
        }
        if (node instanceof IsNullExpression n) {
            return fragment.posOf(n, pos(n.getLeftExpression()));
        }
        return fragment.posOf(node, fragment.start());
    }

    Expr column(net.sf.jsqlparser.schema.Column c, SourcePos pos) {
        if (c.getColumnName() == null
                || c.getColumnName().isEmpty()
                || (c.getTable() != null
                        && (c.getTable().getName() == null || c.getTable().getName().isEmpty()))) {
            // JSqlParser reads `a..b` as a name with an empty part (a database..table name), which
            // reached Names.of as null: exit 70 (fuzzing finding, seed 2028)
            throw new ProgramError(pos, "unsupported name '" + c + "': a part of it is empty");
        }
        String qualifier = c.getTable() == null ? null : Names.of(c.getTable().getName());
        if (table == null) {
            // Outside SQL there is no record: `x` is a variable and `v.col` a column of row
            // variable v.
            if (qualifier == null) {
                return variable(c.getColumnName(), pos);
            }
            if (c.getTable().getSchemaName() != null) {
                throw new ProgramError(pos, "unsupported name '" + c + "'");
            }
            return variable(qualifier + "." + c.getColumnName(), pos);
        }
        if (excluded != null && "excluded".equals(qualifier)) {
            Expr value = excluded.get(Names.of(c.getColumnName()));
            if (value == null) {
                throw new ProgramError(
                        pos,
                        "EXCLUDED."
                                + c.getColumnName()
                                + ": the INSERT gives no value for that column");
            }
            return value;
        }
        if (scope.plpgsql()) {
            // PL/pgSQL writes variables bare; a name that is both a variable and a column is an
            // error,
            // as under PostgreSQL's default plpgsql.variable_conflict = error (manual §43.11.1)
            if (qualifier == null
                    && Names.of(c.getColumnName()).matches("_\\d+")
                    && table.column(Names.of(c.getColumnName())).isEmpty()) {
                return variable(
                        c.getColumnName(),
                        pos); // $n, written _n to JSqlParser: an unknown one is reported by the
                // scope
            }
            if (qualifier == null && scope.isVariable(c.getColumnName())) {
                String name = Names.of(c.getColumnName());
                if (table.column(name).isPresent()) {
                    throw new ProgramError(
                            pos,
                            "column reference \""
                                    + name
                                    + "\" is ambiguous: it could refer to a PL/pgSQL variable or to column "
                                    + table.name()
                                    + "."
                                    + name
                                    + " (qualify the column as "
                                    + (alias != null ? alias : table.name())
                                    + "."
                                    + name
                                    + ", or rename the variable)");
                }
                return variable(c.getColumnName(), pos);
            }
            if (qualifier != null
                    && !qualifier.equals(table.name())
                    && !qualifier.equals(alias)
                    && scope.isVariable(qualifier)) {
                return variable(qualifier + "." + c.getColumnName(), pos);
            }
        }
        return tableColumn(c, qualifier, pos, true);
    }

    /**
     * A column an UPDATE sets or an INSERT lists: never a variable, even in PL/pgSQL (no ambiguity
     * there).
     */
    Expr.ColumnRef targetColumn(Expression e) {
        net.sf.jsqlparser.schema.Column c = (net.sf.jsqlparser.schema.Column) e;
        SourcePos pos = pos(e);
        String qualifier = c.getTable() == null ? null : Names.of(c.getTable().getName());
        return tableColumn(c, qualifier, pos, false);
    }

    /**
     * Column {@code c} of the statement's table, {@code qualifier} (if any) its name or alias;
     * {@code variableHint}: the errors say how variables are written (where a bare name could have
     * meant one).
     */
    private Expr.ColumnRef tableColumn(
            net.sf.jsqlparser.schema.Column c,
            String qualifier,
            SourcePos pos,
            boolean variableHint) {
        if (qualifier != null && !qualifier.equals(table.name()) && !qualifier.equals(alias)) {
            throw new ProgramError(
                    pos,
                    "unknown table "
                            + qualifier
                            + " (this statement accesses only "
                            + table.name()
                            + (variableHint
                                    ? "; write variables as :" + qualifier + "." + c.getColumnName()
                                    : "")
                            + ")");
        }
        Column column =
                table.column(Names.of(c.getColumnName()))
                        .orElseThrow(
                                () ->
                                        new ProgramError(
                                                pos,
                                                "unknown column "
                                                        + c.getColumnName()
                                                        + " in table "
                                                        + table.name()
                                                        + (variableHint
                                                                ? " (write variables and parameters as :"
                                                                        + c.getColumnName()
                                                                        + ")"
                                                                : "")));
        return new Expr.ColumnRef(table.name(), column.name(), column.type(), pos);
    }

    Expr variable(String reference, SourcePos pos) {
        String[] parts = Names.of(reference).split("\\.", -1);
        if (parts.length > 2) {
            throw new ProgramError(
                    pos,
                    "unsupported name :" + reference + " (write :variable or :variable.column)");
        }
        String joined = parts.length == 2 ? scope.joinField(parts[0], parts[1]) : null;
        Variable v = scope.read(joined != null ? joined : parts[0], pos); // JoinRecord
        Type type = v.type();
        if (parts.length == 2 && joined != null && type instanceof Type.Scalar s) {
            // record.alias of an expression in a SELECT list: its hidden local
            // (SelectListExpression)
            return new Expr.VarRef(v.name(), null, s.type(), pos);
        }
        if (parts.length == 2) {
            if (type instanceof Type.Scalar) {
                throw new ProgramError(
                        pos,
                        v.name() + " is " + type.describe() + " and has no column " + parts[1]);
            }
            Field field =
                    type.field(parts[1])
                            .orElseThrow(() -> new ProgramError(pos, noSuchField(v, parts[1])));
            return new Expr.VarRef(v.name(), field.name(), field.type(), pos);
        }
        if (type instanceof Type.Scalar s) {
            return new Expr.VarRef(v.name(), null, s.type(), pos);
        }
        if (type.fields().size() == 1) {
            return new Expr.VarRef(v.name(), null, type.fields().get(0).type(), pos);
        }
        throw new ProgramError(
                pos,
                v.name()
                        + " holds "
                        + type.describe()
                        + "; name one column, as "
                        + v.name()
                        + "."
                        + type.fields().get(0).name());
    }

    static String noSuchField(Variable v, String field) {
        String fields =
                v.type().fields().stream().map(Field::name).collect(Collectors.joining(", "));
        return v.name() + " has no column " + field + " (it has " + fields + ")";
    }
}
