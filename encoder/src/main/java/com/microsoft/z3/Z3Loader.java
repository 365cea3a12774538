package com.microsoft.z3;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.zip.CRC32;

/**
 * Loads Z3's native libraries for {@link Native}, whose static initializer calls {@link #loadZ3()}.
 * It takes the place of z3-turnkey's class of the same name (the shaded jar leaves that one out:
 * analyzer/pom.xml), which inflated the 30 MB libz3 from the jar into a new temporary directory at
 * every start: about 0.24 s of every process that touches Z3 (benchmarks/RESULTS.md, stop 29).
 *
 * <p>Here each library is unpacked once into a per-user cache directory named by the two jar
 * entries' CRC-32s and sizes (read from the jar's central directory, without inflating anything),
 * then loaded from there by every later process. A file gets its final name only by an atomic
 * rename of a complete copy, so a concurrent start sees either no file or a whole one; a file whose
 * size differs is replaced. Where the cache cannot be used (no writable home, a mount that forbids
 * executing libraries: {@link UnsatisfiedLinkError} from the cached copy) the libraries are
 * unpacked into a temporary directory deleted at exit, as z3-turnkey did. Libraries that are
 * already files (an unpacked class path) are loaded where they are.
 *
 * <p>The cache directory is {@code -Disocheck.native.cache=DIR}, else {@code
 * $XDG_CACHE_HOME/isocheck/native}, else {@code ~/.cache/isocheck/native}.
 */
final class Z3Loader {

    private Z3Loader() {}

    static void loadZ3() {
        String platform = platform();
        String suffix = suffix();
        Library z3 = Library.of("/native/" + platform + "/libz3." + suffix);
        Library java = Library.of("/native/" + platform + "/libz3java." + suffix);
        if (z3 == null || java == null) {
            throw new UnsatisfiedLinkError(
                    "No native Z3 libraries present for "
                            + System.getProperty("os.name")
                            + " on "
                            + System.getProperty("os.arch"));
        }
        // libz3java needs libz3, found by its soname once loaded: libz3 first (as z3-turnkey did)
        if (z3.file() != null && java.file() != null) {
            System.load(z3.file().toString());
            System.load(java.file().toString());
            return;
        }
        Path cached = cacheDirectory(platform, z3, java);
        if (cached != null) {
            try {
                Path a = unpackOnce(z3, cached);
                Path b = unpackOnce(java, cached);
                System.load(a.toString());
                System.load(b.toString());
                return;
            } catch (IOException e) {
                // fall through: a fresh temporary copy, as z3-turnkey always made
            } catch (UnsatisfiedLinkError e) {
                // a damaged copy of the right size is removed (the next start unpacks it again); a
                // whole one is kept: the place forbids loading it, and the copy below is loaded
                removeIfDamaged(z3, cached);
                removeIfDamaged(java, cached);
            }
        }
        try {
            Path tmp = Files.createTempDirectory("z3-isocheck");
            tmp.toFile().deleteOnExit();
            Path a = unpackInto(z3, tmp);
            Path b = unpackInto(java, tmp);
            System.load(a.toString());
            System.load(b.toString());
        } catch (IOException e) {
            throw new LinkageError("Could not unpack Z3's native libraries", e);
        }
    }

    /**
     * One native library in the class path: its resource, its file where it already is one (an
     * unpacked class path), else its jar entry's CRC-32 and size (-1 where unknown).
     */
    private record Library(URL url, String name, Path file, long crc, long size) {

        static Library of(String resource) {
            URL url = Z3Loader.class.getResource(resource);
            if (url == null) return null;
            String name = resource.substring(resource.lastIndexOf('/') + 1);
            if ("file".equals(url.getProtocol())) {
                try {
                    return new Library(url, name, Paths.get(url.toURI()), -1, -1);
                } catch (URISyntaxException | IllegalArgumentException e) {
                    return new Library(url, name, null, -1, -1);
                }
            }
            long crc = -1;
            long size = -1;
            try {
                URLConnection c = url.openConnection();
                if (c instanceof JarURLConnection jar) {
                    jar.setUseCaches(false); // not kept open for the run: closed here
                    try (JarFile f = jar.getJarFile()) {
                        JarEntry e = f.getJarEntry(jar.getEntryName());
                        if (e != null) {
                            crc = e.getCrc();
                            size = e.getSize();
                        }
                    }
                }
            } catch (IOException e) {
                // unknown: the temporary copy below
            }
            return new Library(url, name, null, crc, size);
        }

        boolean identified() {
            return crc >= 0 && size >= 0;
        }
    }

    /** The cache directory for this pair of libraries, or null where there is none to use. */
    private static Path cacheDirectory(String platform, Library z3, Library java) {
        if (!z3.identified() || !java.identified()) return null;
        String base = System.getProperty("isocheck.native.cache");
        Path root;
        if (base != null && !base.isEmpty()) {
            root = Paths.get(base);
        } else {
            String xdg = System.getenv("XDG_CACHE_HOME");
            String home = System.getProperty("user.home");
            if (xdg != null && !xdg.isEmpty()) root = Paths.get(xdg, "isocheck", "native");
            else if (home != null && !home.isEmpty() && !"?".equals(home))
                root = Paths.get(home, ".cache", "isocheck", "native");
            else return null;
        }
        String key =
                String.format(
                        Locale.ROOT,
                        "z3-%s-%08x-%d-%08x-%d",
                        platform,
                        z3.crc(),
                        z3.size(),
                        java.crc(),
                        java.size());
        return root.resolve(key);
    }

    /** The library's file in {@code dir}, unpacked there now unless a whole copy is there. */
    private static Path unpackOnce(Library lib, Path dir) throws IOException {
        Path target = dir.resolve(lib.name());
        if (Files.isRegularFile(target) && Files.size(target) == lib.size()) return target;
        Files.createDirectories(dir);
        Path part = Files.createTempFile(dir, lib.name(), ".part");
        try {
            copy(lib, part);
            if (Files.size(part) != lib.size())
                throw new IOException("short copy of " + lib.name());
            Files.move(
                    part,
                    target,
                    StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(part);
        }
        return target;
    }

    private static void removeIfDamaged(Library lib, Path dir) {
        Path target = dir.resolve(lib.name());
        try (InputStream in = Files.newInputStream(target)) {
            CRC32 crc = new CRC32();
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) crc.update(buf, 0, n);
            if (crc.getValue() != lib.crc()) Files.deleteIfExists(target);
        } catch (IOException e) {
            // nothing to remove, or it cannot be: the temporary copy is loaded either way
        }
    }

    private static Path unpackInto(Library lib, Path dir) throws IOException {
        Path target = dir.resolve(lib.name());
        target.toFile().deleteOnExit();
        copy(lib, target);
        return target;
    }

    private static void copy(Library lib, Path target) throws IOException {
        URLConnection c = lib.url().openConnection();
        c.setUseCaches(false); // a cached JarFile would stay open (and mapped) for the whole run
        try (InputStream in = c.getInputStream()) {
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** z3-turnkey's directory name for this machine: os-arch. */
    static String platform() {
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String cpu =
                switch (arch) {
                    case "amd64", "x86_64", "x64" -> "amd64";
                    case "aarch64", "arm64" -> "aarch64";
                    case "x86", "i386", "i486", "i586", "i686" -> "x86";
                    default -> arch;
                };
        return os() + "-" + cpu;
    }

    private static String os() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.contains("mac") || os.contains("darwin")) return "osx";
        if (os.contains("windows")) return "windows";
        if (os.contains("linux")) return "linux";
        return os;
    }

    /** The file-name suffix of a native library here: so, dylib or dll. */
    static String suffix() {
        return switch (os()) {
            case "osx" -> "dylib";
            case "windows" -> "dll";
            default -> "so";
        };
    }
}
