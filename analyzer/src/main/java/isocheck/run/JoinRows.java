package isocheck.run;

import static isocheck.run.JdbcValues.get;

import isocheck.program.Stmt;
import isocheck.program.Table;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs a join into a record ({@code frontend.JoinRecord}) as the one statement it is written as and
 * fills each table's row set from the result rows: a table's rows in the order they first occur,
 * once each (a row with several join partners was read once, in one version, by the one statement),
 * so the first row of every set comes from the join's first result row, the row PL/pgSQL's SELECT …
 * INTO keeps. A recorded run executes it through {@link JoinReads} instead (the same row sets, and
 * a predicate read per table).
 */
final class JoinRows {

    private JoinRows() {}

    /**
     * Executes {@code p}; puts the earlier tables' row sets into {@code env}; returns the last's.
     */
    static List<Map<String, Object>> fill(
            SqlGen gen,
            Stmt.Select sel,
            PreparedStatement p,
            TxnLog log,
            Map<String, Object> env,
            boolean recorded)
            throws SQLException {
        List<Stmt.Select> parts = new ArrayList<>(sel.joinedFrom());
        parts.add(sel);
        List<Map<String, Map<String, Object>>> sets = new ArrayList<>();
        parts.forEach(x -> sets.add(new LinkedHashMap<>()));
        Set<String> logged = new HashSet<>();
        try (ResultSet rs = p.executeQuery()) {
            while (rs.next()) {
                int base = 0;
                for (int i = 0; i < parts.size(); i++) {
                    Stmt.Select part = parts.get(i);
                    Table t = gen.table(part.table());
                    int nk = t.primaryKey().size();
                    List<String> cols = part.columns();
                    StringBuilder prefix = new StringBuilder(t.name()).append('/');
                    for (int k = 1; k <= nk; k++) {
                        prefix.append(k > 1 ? "," : "").append(rs.getString(base + k));
                    }
                    prefix.append('/');
                    Map<String, Object> row = new LinkedHashMap<>();
                    for (int k = 0; k < cols.size(); k++) {
                        String col = cols.get(k);
                        row.put(
                                col,
                                get(rs, base + nk + k + 1, t.column(col).orElseThrow().type()));
                        if (recorded) {
                            String key = prefix + SqlGen.fieldName(t, col);
                            if (logged.add(key)) {
                                log.read(key, rs.getLong(base + nk + cols.size() + k + 1));
                            }
                        }
                    }
                    sets.get(i).putIfAbsent(prefix.toString(), row);
                    base += nk + cols.size() * (recorded ? 2 : 1);
                }
            }
        }
        for (int i = 0; i < parts.size() - 1; i++) {
            env.put(parts.get(i).target(), new ArrayList<>(sets.get(i).values()));
        }
        return new ArrayList<>(sets.get(parts.size() - 1).values());
    }
}
