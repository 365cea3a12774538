package isocheck.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The executable's deadline counts from the process's start ({@link Main#processStartNanos}): from
 * the launcher's time stamp when it passes one, from the JVM's uptime otherwise (a missing,
 * malformed or implausible stamp).
 */
// serial (analyzer/pom.xml): bounds the JVM start time it reads (< 7 s), which a second fork's
// load would eat into
@Tag("serial")
class ProcessStartTest {

    private static long startWith(String launched) {
        String old = System.getProperty(Main.LAUNCHED_PROPERTY);
        try {
            if (launched == null) {
                System.clearProperty(Main.LAUNCHED_PROPERTY);
            } else {
                System.setProperty(Main.LAUNCHED_PROPERTY, launched);
            }
            return Main.processStartNanos();
        } finally {
            if (old == null) {
                System.clearProperty(Main.LAUNCHED_PROPERTY);
            } else {
                System.setProperty(Main.LAUNCHED_PROPERTY, old);
            }
        }
    }

    @Test
    void theLaunchersStampIsTheStart() {
        long stampMicros = System.currentTimeMillis() * 1000L - 5_000_000L; // launched 5 s ago
        long ago = System.nanoTime() - startWith(Long.toString(stampMicros));
        assertTrue(ago >= 4_900_000_000L && ago < 7_000_000_000L, "started " + ago + " ns ago");
    }

    @Test
    void withoutAUsableStampTheJvmsUptimeIsTheStart() {
        long uptimeNanos =
                java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime() * 1_000_000L;
        for (String bad : new String[] {null, "soon", "-1", Long.toString(Long.MAX_VALUE)}) {
            long ago = System.nanoTime() - startWith(bad);
            // the uptime read inside is at least the one read above (both in whole milliseconds),
            // and this test is not slow
            assertTrue(
                    ago >= uptimeNanos - 2_000_000L && ago < uptimeNanos + 60_000_000_000L,
                    bad + ": started " + ago + " ns ago, uptime " + uptimeNanos);
        }
    }
}
