package isocheck.spec;

import isocheck.program.SourcePos;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The specs known to one run: the built-in ones shipped in the jar under {@code specs/} plus,
 * optionally, every {@code *.spec} in a user directory ({@code --spec-dir}). Includes are resolved
 * across both (a user spec may include a built-in one); unknown includes and include cycles are
 * {@link SpecException}s at the include. A user spec may not reuse a built-in name.
 */
public final class SpecLibrary {

    /** One spec file's text before parsing. */
    public record Source(String name, String file, String text, boolean builtin) {}

    private final Map<String, Spec> specs;

    private SpecLibrary(Map<String, Spec> specs) {
        this.specs = Collections.unmodifiableMap(specs);
    }

    /** The built-in specs only. */
    public static SpecLibrary builtin() throws SpecException {
        return fromSources(builtinSources());
    }

    /**
     * Built-in specs plus every {@code *.spec} directly in {@code userDir} (null: built-ins only).
     */
    public static SpecLibrary load(Path userDir) throws SpecException, IOException {
        List<Source> sources = new ArrayList<>(builtinSources());
        if (userDir != null) {
            sources.addAll(directorySources(userDir));
        }
        return fromSources(sources);
    }

    /** Every {@code *.spec} directly in {@code dir}, sorted by name. */
    public static List<Source> directorySources(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IOException(
                    "spec directory " + dir + " does not exist or is not a directory");
        }
        List<Source> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.sorted().toList()) {
                String fn = p.getFileName().toString();
                if (fn.endsWith(".spec") && Files.isRegularFile(p)) {
                    out.add(
                            new Source(
                                    fn.substring(0, fn.length() - 5),
                                    p.toString(),
                                    Files.readString(p, StandardCharsets.UTF_8),
                                    false));
                }
            }
        }
        return out;
    }

    /** Parses and resolves the given sources (tests use this with in-memory text). */
    public static SpecLibrary fromSources(Collection<Source> sources) throws SpecException {
        Map<String, ParsedSpec> parsed = new LinkedHashMap<>();
        Map<String, Source> byName = new HashMap<>();
        for (Source s : sources) {
            SourcePos top = new SourcePos(s.file(), 1, 1);
            if (!s.name().matches(SpecParser.NAME_PATTERN)) {
                throw new SpecException(
                        top,
                        "'"
                                + s.name()
                                + "' is not a valid spec name (letters, digits, '_' and '-')");
            }
            Source earlier = byName.put(s.name(), s);
            if (earlier != null) {
                throw new SpecException(
                        top, "spec '" + s.name() + "' is already defined by " + earlier.file());
            }
            parsed.put(s.name(), SpecParser.parse(s.name(), s.file(), s.text()));
        }
        Resolver r = new Resolver(parsed);
        Map<String, Spec> out = new LinkedHashMap<>();
        for (String name : parsed.keySet()) {
            ParsedSpec p = parsed.get(name);
            List<Axiom> axioms = r.resolve(name, new ArrayList<>());
            out.put(
                    name,
                    new Spec(
                            name,
                            p.file(),
                            p.description(),
                            byName.get(name).builtin(),
                            p.includes(),
                            axioms,
                            r.snapshots.get(name),
                            r.databases.get(name),
                            r.firstRead.get(name)));
        }
        return new SpecLibrary(out);
    }

    /** Resolves includes depth-first, detecting cycles with the current include chain. */
    private static final class Resolver {
        private final Map<String, ParsedSpec> parsed;
        private final Map<String, List<Axiom>> done = new HashMap<>();

        /**
         * Per spec, its single-snapshot axioms: {@link BasicAxioms#SINGLE_SNAPSHOT} unless the file
         * says {@code snapshot statement}, plus those of its includes (restricted by {@code for
         * T}). One unrestricted copy makes the restricted ones redundant.
         */
        final Map<String, List<Axiom>> snapshots = new HashMap<>();

        /** Per spec, the databases it and its includes name. */
        final Map<String, List<String>> databases = new HashMap<>();

        /**
         * Per spec, whether it or an include without {@code for T} says {@code snapshot
         * first_read}. A restricted include drops it: the shared snapshot is a constraint, and
         * leaving it out for some types only adds executions (sound).
         */
        final Map<String, Boolean> firstRead = new HashMap<>();

        Resolver(Map<String, ParsedSpec> parsed) {
            this.parsed = parsed;
        }

        List<Axiom> resolve(String name, List<String> chain) throws SpecException {
            List<Axiom> cached = done.get(name);
            if (cached != null) return cached;
            ParsedSpec p = parsed.get(name);
            chain.add(name);
            Set<Axiom> axioms = new LinkedHashSet<>();
            Set<Axiom> snaps = new LinkedHashSet<>();
            Set<String> dbs = new LinkedHashSet<>(p.databases());
            boolean shared = p.firstReadSnapshot();
            if (!p.perStatement()) snaps.add(BasicAxioms.SINGLE_SNAPSHOT);
            for (Include inc : p.includes()) {
                if (!parsed.containsKey(inc.target())) {
                    throw new SpecException(
                            inc.position(),
                            "unknown spec '"
                                    + inc.target()
                                    + "' in include; known specs: "
                                    + String.join(", ", new TreeMap<>(parsed).keySet()));
                }
                int at = chain.indexOf(inc.target());
                if (at >= 0) {
                    List<String> cycle = new ArrayList<>(chain.subList(at, chain.size()));
                    cycle.add(inc.target());
                    throw new SpecException(
                            inc.position(), "include cycle: " + String.join(" -> ", cycle));
                }
                for (Axiom a : resolve(inc.target(), chain)) {
                    axioms.add(inc.forTypes().isEmpty() ? a : restrict(a, inc));
                }
                for (Axiom a : snapshots.get(inc.target())) {
                    snaps.add(inc.forTypes().isEmpty() ? a : restrict(a, inc));
                }
                dbs.addAll(databases.get(inc.target()));
                if (inc.forTypes().isEmpty()) shared |= firstRead.get(inc.target());
            }
            axioms.addAll(p.axioms());
            chain.remove(chain.size() - 1);
            List<Axiom> out = List.copyOf(axioms);
            snapshots.put(
                    name,
                    snaps.contains(BasicAxioms.SINGLE_SNAPSHOT)
                            ? List.of(BasicAxioms.SINGLE_SNAPSHOT)
                            : List.copyOf(snaps));
            databases.put(name, List.copyOf(dbs));
            // the shared snapshot only refines statement snapshots; with one snapshot per
            // transaction it says nothing
            firstRead.put(name, shared && !snaps.contains(BasicAxioms.SINGLE_SNAPSHOT));
            done.put(name, out);
            return out;
        }
    }

    /**
     * "Transaction types Ts run at the axiom's level": the axiom with its observer restricted to
     * instances of one of Ts, i.e. {@code forall x̄: (type(o) = T1 or ...) -> body}.
     */
    static Axiom restrict(Axiom a, Include inc) throws SpecException {
        if (a.observer() == null) {
            throw new SpecException(
                    inc.position(),
                    "cannot include '"
                            + inc.target()
                            + "' for "
                            + String.join(", ", inc.forTypes())
                            + ": axiom "
                            + a.qualifiedName()
                            + " ("
                            + a.position()
                            + ") declares no observer");
        }
        SourcePos pos = inc.position();
        Formula guard = null;
        for (String t : inc.forTypes()) {
            Formula eq =
                    new Formula.Equals(
                            new Term.TypeOf(a.observer(), pos),
                            new Term.TypeName(t, pos),
                            false,
                            pos);
            guard = guard == null ? eq : new Formula.Binary(Formula.BinaryOp.OR, guard, eq, pos);
        }
        List<String> types = new ArrayList<>(a.restrictedTo());
        types.addAll(inc.forTypes());
        return new Axiom(
                a.name(),
                a.origin(),
                a.observer(),
                guardBody(a.formula(), guard, pos),
                a.position(),
                types);
    }

    private static Formula guardBody(Formula f, Formula guard, SourcePos pos) {
        if (f instanceof Formula.Quantified q && q.quantifier() == Formula.Quantifier.FORALL) {
            return new Formula.Quantified(
                    q.quantifier(), q.variables(), guardBody(q.body(), guard, pos), q.position());
        }
        return new Formula.Binary(Formula.BinaryOp.IMPLIES, guard, f, pos);
    }

    /** Every spec, built-ins first, each group in name order. */
    public List<Spec> specs() {
        List<Spec> out = new ArrayList<>(specs.values());
        out.sort(
                (a, b) ->
                        a.builtin() != b.builtin()
                                ? (a.builtin() ? -1 : 1)
                                : a.name().compareTo(b.name()));
        return out;
    }

    public Optional<Spec> find(String name) {
        return Optional.ofNullable(specs.get(name));
    }

    /** The named spec; IllegalArgumentException listing the known names if there is none. */
    public Spec get(String name) {
        Spec s = specs.get(name);
        if (s == null) {
            throw new IllegalArgumentException(
                    "unknown spec '"
                            + name
                            + "'; known specs: "
                            + String.join(", ", new TreeMap<>(specs).keySet()));
        }
        return s;
    }

    // ---------------------------------------------------------------- built-ins on the classpath

    /**
     * The {@code specs/*.spec} resources next to this class: a directory when run from {@code
     * target/classes}, entries of the jar when run from a (shaded) jar.
     */
    public static List<Source> builtinSources() {
        try {
            Path location =
                    Path.of(
                            SpecLibrary.class
                                    .getProtectionDomain()
                                    .getCodeSource()
                                    .getLocation()
                                    .toURI());
            List<Source> out = new ArrayList<>();
            if (Files.isDirectory(location)) {
                Path dir = location.resolve("specs");
                if (Files.isDirectory(dir)) {
                    for (Source s : directorySources(dir)) {
                        out.add(
                                new Source(
                                        s.name(), "specs/" + s.name() + ".spec", s.text(), true));
                    }
                }
            } else {
                try (ZipFile zip = new ZipFile(location.toFile())) {
                    Enumeration<? extends ZipEntry> entries = zip.entries();
                    List<ZipEntry> specEntries = new ArrayList<>();
                    while (entries.hasMoreElements()) {
                        ZipEntry e = entries.nextElement();
                        String n = e.getName();
                        if (n.startsWith("specs/")
                                && n.endsWith(".spec")
                                && n.indexOf('/', 6) < 0
                                && !e.isDirectory()) {
                            specEntries.add(e);
                        }
                    }
                    specEntries.sort((x, y) -> x.getName().compareTo(y.getName()));
                    for (ZipEntry e : specEntries) {
                        try (InputStream in = zip.getInputStream(e)) {
                            String n = e.getName();
                            out.add(
                                    new Source(
                                            n.substring(6, n.length() - 5),
                                            n,
                                            new String(in.readAllBytes(), StandardCharsets.UTF_8),
                                            true));
                        }
                    }
                }
            }
            if (out.isEmpty()) {
                throw new IllegalStateException(
                        "no built-in specs found under specs/ in " + location);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
