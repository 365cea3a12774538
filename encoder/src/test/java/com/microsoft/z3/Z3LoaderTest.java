package com.microsoft.z3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Z3 loader that unpacks the native libraries once per user ({@link Z3Loader}): each case runs
 * a child JVM on this class path that loads Z3 and solves a formula, with the cache directory in a
 * temporary place.
 */
class Z3LoaderTest {

    @TempDir Path tmp;

    @Test
    void thisClassPathLoadsOurLoaderNotZ3Turnkeys() {
        // z3-turnkey's Z3Loader has nested enums; ours a nested Library: the class path must put
        // the
        // encoder's classes first (the shaded jar leaves turnkey's out: analyzer/pom.xml)
        List<String> nested = new ArrayList<>();
        for (Class<?> c : Z3Loader.class.getDeclaredClasses()) nested.add(c.getSimpleName());
        assertEquals(List.of("Library"), nested);
    }

    @Test
    void aFirstRunUnpacksIntoTheCacheAndLaterRunsUseThatCopy() throws Exception {
        Path cache = tmp.resolve("cache");
        assertEquals("x=42", probe(cache));
        Path lib = onlyLibrary(cache);
        byte[] bytes = Files.readAllBytes(lib);
        assertArrayEquals(resource(), bytes, "the cached copy is the jar's library, byte for byte");
        var modified = Files.getLastModifiedTime(lib);
        Thread.sleep(20);
        assertEquals("x=42", probe(cache));
        assertEquals(modified, Files.getLastModifiedTime(lib), "the second run unpacked again");
        try (Stream<Path> files = Files.list(lib.getParent())) {
            assertEquals(2, files.count(), "no partial copies left: " + lib.getParent());
        }
    }

    @Test
    void aCopyOfTheWrongSizeIsReplaced() throws Exception {
        Path cache = tmp.resolve("cache");
        assertEquals("x=42", probe(cache));
        Path lib = onlyLibrary(cache);
        Files.write(lib, new byte[] {1, 2, 3}); // a truncated copy (a full disk, a crash of old)
        assertEquals("x=42", probe(cache));
        assertArrayEquals(resource(), Files.readAllBytes(lib));
    }

    @Test
    void anUnloadableCopyOfTheRightSizeFallsBackToATemporaryOne() throws Exception {
        Path cache = tmp.resolve("cache");
        assertEquals("x=42", probe(cache));
        Path lib = onlyLibrary(cache);
        Files.write(lib, new byte[(int) Files.size(lib)]); // zeros: not a shared object
        assertEquals("x=42", probe(cache));
        assertTrue(Files.notExists(lib), "the damaged copy was kept");
        assertEquals("x=42", probe(cache));
        assertArrayEquals(resource(), Files.readAllBytes(lib));
    }

    @Test
    void anUnusableCacheDirectoryFallsBackToATemporaryCopy() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "not a directory");
        assertEquals("x=42", probe(file.resolve("cache")));
    }

    private static byte[] resource() throws IOException {
        try (InputStream in = Z3Loader.class.getResourceAsStream(resourceName())) {
            return in.readAllBytes();
        }
    }

    /** libz3's resource for this machine, named as the loader names it. */
    private static String resourceName() {
        return "/native/" + Z3Loader.platform() + "/libz3." + Z3Loader.suffix();
    }

    private static Path onlyLibrary(Path cache) throws IOException {
        String name = resourceName().substring(resourceName().lastIndexOf('/') + 1);
        try (Stream<Path> dirs = Files.list(cache)) {
            List<Path> all = dirs.toList();
            assertEquals(1, all.size(), "one directory per pair of libraries: " + all);
            Path lib = all.get(0).resolve(name);
            assertTrue(Files.isRegularFile(lib), lib + " missing");
            return lib;
        }
    }

    /**
     * Runs {@link Z3LoaderProbe} in a child JVM with {@code cache} as the cache directory; its
     * output's last line.
     */
    private static String probe(Path cache) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p =
                new ProcessBuilder(
                                java.toString(),
                                "-Disocheck.native.cache=" + cache,
                                "-cp",
                                System.getProperty("java.class.path"),
                                Z3LoaderProbe.class.getName())
                        .redirectErrorStream(true)
                        .start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the probe did not finish");
        assertEquals(0, p.exitValue(), out);
        // its last line (the JVM may warn first about a library it refused to load)
        return out.substring(out.lastIndexOf('\n') + 1);
    }
}
