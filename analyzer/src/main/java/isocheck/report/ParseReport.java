package isocheck.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import isocheck.program.Column;
import isocheck.program.Cond;
import isocheck.program.Program;
import isocheck.program.StatementFacts;
import isocheck.program.Stmt;
import isocheck.program.Table;
import isocheck.program.TransactionFacts;
import isocheck.program.Variable;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Renders what {@code isocheck parse} shows: the schema and, per transaction, the facts of each SQL
 * statement.
 */
public final class ParseReport {

    private ParseReport() {}

    public static String text(Program program, List<TransactionFacts> transactions) {
        StringBuilder out = new StringBuilder();
        out.append(program.file())
                .append(": ")
                .append(count(program.schema().tables().size(), "table"))
                .append(", ")
                .append(count(transactions.size(), "transaction"))
                .append("\n\n");
        for (Table table : program.schema().tables()) {
            out.append("TABLE ")
                    .append(table.name())
                    .append(" (")
                    .append(
                            table.columns().stream()
                                    .map(ParseReport::column)
                                    .collect(Collectors.joining(", ")))
                    .append(") PRIMARY KEY (")
                    .append(String.join(", ", table.primaryKey()))
                    .append(")\n");
        }
        for (TransactionFacts txn : transactions) {
            out.append("\nTRANSACTION ")
                    .append(txn.transaction().name())
                    .append("(")
                    .append(
                            txn.transaction().parameters().stream()
                                    .map(v -> v.name() + " " + v.type().describe())
                                    .collect(Collectors.joining(", ")))
                    .append(")")
                    .append(txn.isReadOnly() ? "  -- read-only" : "")
                    .append("\n");
            for (Variable local : txn.transaction().locals()) {
                out.append("  ")
                        .append(local.kind() == Variable.Kind.LOOP ? "loop variable " : "local ")
                        .append(local.name())
                        .append(": ")
                        .append(local.type().describe())
                        .append(
                                local.loopDepth() > 0
                                        ? "  (loop depth " + local.loopDepth() + ")"
                                        : "")
                        .append("\n");
            }
            for (StatementFacts s : txn.statements()) {
                out.append("  ")
                        .append(s.id())
                        .append(" ")
                        .append(s.kind())
                        .append(" ")
                        .append(s.table())
                        .append("  at ")
                        .append(s.statement().pos())
                        .append("\n");
                out.append("      guard:  ").append(guard(s.guard())).append("\n");
                out.append("      loops:  ").append(loops(s.loops())).append("\n");
                out.append("      reads:  ").append(fields(s.reads())).append("\n");
                out.append("      writes: ").append(fields(s.writes())).append("\n");
                out.append("      key:    ").append(key(s)).append("\n");
            }
            for (isocheck.program.AbortFacts a : txn.aborts()) {
                out.append("  ABORT at ")
                        .append(a.statement().pos())
                        .append(
                                a.statement().message().isEmpty()
                                        ? ""
                                        : " ('" + a.statement().message() + "')")
                        .append("\n");
                out.append("      guard:  ").append(guard(a.guard())).append("\n");
                out.append("      loops:  ").append(loops(a.loops())).append("\n");
            }
        }
        return out.toString();
    }

    public static String json(Program program, List<TransactionFacts> transactions) {
        ObjectNode root = JsonOutput.MAPPER.createObjectNode();
        root.put("file", program.file());
        ArrayNode tables = root.putArray("tables");
        for (Table table : program.schema().tables()) {
            ObjectNode t = tables.addObject();
            t.put("name", table.name());
            ArrayNode columns = t.putArray("columns");
            for (Column c : table.columns()) {
                columns.addObject()
                        .put("name", c.name())
                        .put("type", c.type().sqlName())
                        .put("notNull", c.notNull());
            }
            table.primaryKey().forEach(t.putArray("primaryKey")::add);
        }
        ArrayNode txns = root.putArray("transactions");
        for (TransactionFacts txn : transactions) {
            ObjectNode t = txns.addObject();
            t.put("name", txn.transaction().name());
            t.put("pos", txn.transaction().pos().toString());
            t.put("readOnly", txn.isReadOnly());
            ArrayNode params = t.putArray("parameters");
            txn.transaction()
                    .parameters()
                    .forEach(
                            v ->
                                    params.addObject()
                                            .put("name", v.name())
                                            .put("type", v.type().describe()));
            ArrayNode locals = t.putArray("locals");
            txn.transaction()
                    .locals()
                    .forEach(
                            v ->
                                    locals.addObject()
                                            .put("name", v.name())
                                            .put("kind", v.kind().name().toLowerCase())
                                            .put("type", v.type().describe())
                                            .put("loopDepth", v.loopDepth())
                                            .put("pos", v.pos().toString()));
            ArrayNode statements = t.putArray("statements");
            for (StatementFacts s : txn.statements()) {
                ObjectNode st = statements.addObject();
                st.put("id", s.id());
                st.put("kind", s.kind());
                st.put("table", s.table());
                st.put("pos", s.statement().pos().toString());
                st.put("sql", s.statement().sql());
                ArrayNode guard = st.putArray("guard");
                s.guard().forEach(g -> guard.add(g.text()));
                ArrayNode loops = st.putArray("loops");
                s.loops()
                        .forEach(
                                l ->
                                        loops.addObject()
                                                .put("variable", l.variable())
                                                .put("source", l.source())
                                                .put("pos", l.pos().toString()));
                s.reads().forEach(st.putArray("reads")::add);
                s.writes().forEach(st.putArray("writes")::add);
                ObjectNode pins = st.putObject("keyPins");
                s.keyPins().forEach((k, v) -> pins.put(k, v.text()));
                st.put("pinsWholeKey", s.pinsWholeKey());
            }
            ArrayNode aborts = t.putArray("aborts");
            for (isocheck.program.AbortFacts a : txn.aborts()) {
                ObjectNode ab = aborts.addObject();
                ab.put("pos", a.statement().pos().toString());
                ab.put("message", a.statement().message());
                ArrayNode guard = ab.putArray("guard");
                a.guard().forEach(g -> guard.add(g.text()));
            }
        }
        try {
            return JsonOutput.MAPPER.writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String column(Column c) {
        return c.name() + " " + c.type().sqlName() + (c.notNull() ? " NOT NULL" : "");
    }

    private static String guard(List<Cond> guard) {
        return guard.isEmpty()
                ? "TRUE"
                : guard.stream().map(Cond::text).collect(Collectors.joining(" AND "));
    }

    private static String loops(List<Stmt.Foreach> loops) {
        return loops.isEmpty()
                ? "none"
                : loops.stream()
                        .map(l -> "FOREACH " + l.variable() + " IN " + l.source())
                        .collect(Collectors.joining(" > "));
    }

    private static String fields(Collection<String> fields) {
        return fields.isEmpty() ? "none" : String.join(", ", fields);
    }

    private static String key(StatementFacts s) {
        if (s.keyPins().isEmpty()) {
            return "not pinned (may touch many rows)";
        }
        String pins =
                s.keyPins().entrySet().stream()
                        .map(e -> e.getKey() + " = " + e.getValue().text())
                        .collect(Collectors.joining(", "));
        return pins + (s.pinsWholeKey() ? "  (one row)" : "  (part of the key)");
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
