package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import isocheck.program.Stmt;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The recorded SQL of BenchBase TPC-C StockLevel's join ({@link JoinReads}): the order lines of the
 * key part (every row φ1 can match), each with its stock row of the same warehouse (stock's key
 * part {@code s_w_id = :w} in the ON clause, so no other warehouse's stock row is fetched), each
 * table's own conditions as a 1/0 flag; unrecorded, the join as written.
 */
class JoinReadsTest {

    static final Path PROGRAM = Path.of("src/test/resources/predicates/stock-level.sql");

    private static String sql(boolean record) throws Exception {
        Program p = ProgramLoader.load(PROGRAM);
        Stmt.Select join =
                p.transaction("StockLevel").orElseThrow().body().stream()
                        .filter(s -> s instanceof Stmt.Select sel && sel.isJoin())
                        .map(s -> (Stmt.Select) s)
                        .findFirst()
                        .orElseThrow();
        return new SqlGen(p, Engines.POSTGRESQL, record).compile(join).sql();
    }

    @Test
    void theRecordedJoinFetchesWhatEachTablesPredicateCanMatch() throws Exception {
        String sql = sql(true);
        assertTrue(
                sql.contains(
                        " FROM order_line LEFT JOIN stock ON stock.s_i_id = order_line.ol_i_id"
                                + " AND stock.s_w_id = "),
                sql);
        assertTrue(
                sql.contains(
                        "stock.isocheck_vpred, CASE WHEN (stock.s_w_id = CAST(? AS BIGINT) AND"
                                + " stock.s_quantity < CAST(? AS BIGINT)) THEN 1 ELSE 0 END FROM"),
                sql);
        assertTrue(
                sql.contains("order_line.isocheck_vpred, CASE WHEN (order_line.ol_w_id = "), sql);
        assertTrue(sql.contains(" WHERE (order_line.ol_w_id = "), sql);
        assertTrue(!sql.contains("COUNT("), "recorded: the aggregate is computed from the rows");
    }

    @Test
    void unrecordedTheJoinRunsAsWritten() throws Exception {
        String sql = sql(false);
        assertTrue(
                sql.startsWith("SELECT COUNT(DISTINCT stock.s_i_id) FROM order_line, stock"), sql);
        assertTrue(!sql.contains("LEFT JOIN"), sql);
    }
}
