package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import isocheck.frontend.ProgramLoader;
import isocheck.program.Program;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * MariaDB's string columns in an index are sized so that every index key fits InnoDB's 3072 bytes
 * (4 bytes per utf8mb4 character, 8 per BIGINT): AuctionMark's {@code useracct_attributes} key
 * {@code (ua_id bigint, ua_u_id varchar(128))} was refused ("Specified key was too long") when
 * every key string was VARCHAR(768), and no AuctionMark or SEATS witness could be replayed there.
 */
class MariaDbKeyWidthTest {

    static final String PROGRAM =
            """
            CREATE TABLE useracct (u_id VARCHAR(128) PRIMARY KEY, u_name VARCHAR(32) NOT NULL);
            CREATE TABLE attrs (a_id INT, a_u_id VARCHAR(128), a_name VARCHAR(32) NOT NULL,
                                FOREIGN KEY (a_u_id) REFERENCES useracct (u_id),
                                PRIMARY KEY (a_id, a_u_id));
            CREATE TABLE pairs (p_a VARCHAR(64), p_b VARCHAR(64), p_c VARCHAR(64) NOT NULL,
                                PRIMARY KEY (p_a, p_b), UNIQUE (p_c, p_a, p_b));
            TRANSACTION t(x INT)
            BEGIN
              SELECT a_name INTO n FROM attrs WHERE a_id = :x;
            END;
            """;

    @Test
    void everyIndexKeyFitsInnodbsLimit() throws Exception {
        Program p = ProgramLoader.parse("widths.sql", PROGRAM);
        SqlGen gen = new SqlGen(p, new MariaDbEngine(), false);
        String useracct = gen.createTable(p.schema().table("useracct").orElseThrow());
        String attrs = gen.createTable(p.schema().table("attrs").orElseThrow());
        String pairs = gen.createTable(p.schema().table("pairs").orElseThrow());
        assertEquals(768, width(useracct, "u_id"), useracct);
        assertTrue(useracct.contains("u_name TEXT"), useracct);
        // (BIGINT, VARCHAR): 3072 - 8 bytes for the string's 4-byte characters
        assertEquals(766, width(attrs, "a_u_id"), attrs);
        // three strings in the UNIQUE index: each a third
        assertEquals(256, width(pairs, "p_a"), pairs);
        assertEquals(256, width(pairs, "p_c"), pairs);
        for (String ddl : new String[] {useracct, attrs, pairs}) {
            assertTrue(ddl.contains("PRIMARY KEY"), ddl);
        }
        assertTrue(8 + 4 * width(attrs, "a_u_id") <= 3072);
        assertTrue(3 * 4 * width(pairs, "p_a") <= 3072);
    }

    private static int width(String ddl, String column) {
        Matcher m = Pattern.compile("\\b" + column + " VARCHAR\\((\\d+)\\)").matcher(ddl);
        assertTrue(m.find(), column + " is not a VARCHAR in " + ddl);
        return Integer.parseInt(m.group(1));
    }
}
