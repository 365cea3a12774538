package isocheck.encoding;

import static isocheck.encoding.RulesTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import isocheck.query.Analysis;
import org.junit.jupiter.api.Test;

/**
 * Encoding rules of the schema constructs of issue 13 ("schema as people write it"), each shown by
 * a verdict that changes with the rule.
 */
class SchemaRulesTest {

    static String bump(String where) {
        return """
                CREATE TABLE switch (s_id BIGINT PRIMARY KEY, active BOOLEAN NOT NULL DEFAULT TRUE, n INT NOT NULL DEFAULT 0);
                TRANSACTION Bump(id BIGINT)
                BEGIN
                  SELECT n INTO x FROM switch WHERE s_id = :id;
                  UPDATE switch SET n = :x.n + 1 WHERE s_id = :id%s;
                END;
                """
                .formatted(where);
    }

    /**
     * A BOOLEAN column standing alone is {@code active = 1}, encoded exactly like any comparison:
     * the read-modify-write loses updates when it runs on active rows, and a WHERE no row can
     * satisfy ({@code active AND NOT active}) writes nothing, so there is no cycle.
     */
    @Test
    void aBareBooleanColumnIsAComparisonWithTrue() throws Exception {
        assertEquals(Analysis.Verdict.FOUND, run(bump(" AND active"), "ec", 2).verdict());
        assertEquals(Analysis.Verdict.FOUND, run(bump(" AND active = TRUE"), "ec", 2).verdict());
        assertEquals(
                Analysis.Verdict.NONE, run(bump(" AND active AND NOT active"), "ec", 3).verdict());
        assertEquals(
                Analysis.Verdict.NONE,
                run(bump(" AND active = TRUE AND active = FALSE"), "ec", 3).verdict());
    }
}
