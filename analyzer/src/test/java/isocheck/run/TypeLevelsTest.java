package isocheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link TypeLevels}: the level of each type, what a summary says, and which mixes one run allows.
 */
class TypeLevelsTest {

    @Test
    void eachTypeAtItsLevelTheOthersAtTheBase() {
        Map<String, Isolation> byType = new LinkedHashMap<>();
        byType.put("withdraw", Isolation.SERIALIZABLE);
        byType.put("audit", Isolation.READ_COMMITTED);
        TypeLevels l = new TypeLevels(Isolation.READ_COMMITTED, byType);
        assertEquals(Isolation.SERIALIZABLE, l.of("withdraw"));
        assertEquals(Isolation.READ_COMMITTED, l.of("deposit"));
        assertTrue(l.mixed());
        assertEquals(Set.of(Isolation.READ_COMMITTED, Isolation.SERIALIZABLE), l.used());
        // a type named at the base level is not shown as different
        assertEquals("READ COMMITTED (withdraw at SERIALIZABLE)", l.describe(new PostgresEngine()));
        TypeLevels uniform = TypeLevels.uniform(Isolation.REPEATABLE_READ);
        assertFalse(uniform.mixed());
        assertEquals("REPEATABLE READ", uniform.describe(new PostgresEngine()));
        assertFalse(
                new TypeLevels(Isolation.SERIALIZABLE, Map.of("audit", Isolation.SERIALIZABLE))
                        .mixed());
    }

    /**
     * InnoDB's REPEATABLE READ and SERIALIZABLE run UPDATE/DELETE with a locking pre-read that READ
     * COMMITTED does not (MariaDbEngine#complementLock): one compiled program cannot mix them.
     */
    @Test
    void mariaDbMixesOnlyLevelsWithOneDialect() {
        MariaDbEngine e = new MariaDbEngine();
        assertTrue(e.sameDialect(Isolation.REPEATABLE_READ, Isolation.SERIALIZABLE));
        assertTrue(e.sameDialect(Isolation.READ_UNCOMMITTED, Isolation.READ_COMMITTED));
        assertFalse(e.sameDialect(Isolation.READ_COMMITTED, Isolation.REPEATABLE_READ));
        assertTrue(
                new PostgresEngine().sameDialect(Isolation.READ_COMMITTED, Isolation.SERIALIZABLE));
    }
}
