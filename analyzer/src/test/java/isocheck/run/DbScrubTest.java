package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The scrubber blanks secrets, not the user name (issue 15: "***_vrow" with PGUSER=isocheck). */
class DbScrubTest {

    @Test
    void theUserNameIsLeftAloneAndThePasswordBlanked() {
        Db db =
                Db.of(
                        "jdbc:postgresql://127.0.0.1:1/db",
                        "isocheck",
                        "s3cret-pw",
                        Isolation.READ_COMMITTED);
        assertEquals(
                "column \"isocheck_vrow\" specified more than once",
                db.scrub("column \"isocheck_vrow\" specified more than once"));
        assertEquals(
                "authentication failed for user \"isocheck\" with ***",
                db.scrub("authentication failed for user \"isocheck\" with s3cret-pw"));
    }

    @Test
    void aPasswordGivenInTheUrlIsBlankedToo() {
        Db db =
                Db.of(
                        "jdbc:postgresql://127.0.0.1:1/db?user=isocheck&password=hunter22",
                        null,
                        null,
                        Isolation.READ_COMMITTED);
        assertEquals(
                "bad password *** for isocheck", db.scrub("bad password hunter22 for isocheck"));
        assertEquals(
                "hunter22",
                Db.urlParameter("jdbc:postgresql://h/db?user=u&password=hunter22", "password"));
        assertEquals("pw", Db.urlParameter("jdbc:h2:mem:x;USER=sa;PASSWORD=pw", "password"));
    }
}
