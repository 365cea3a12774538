package isocheck.fuzz;

import isocheck.cli.CliRun;
import isocheck.cli.ExitCode;
import isocheck.format.Format;
import isocheck.format.HistoryReader;
import isocheck.format.HistoryWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Mutational fuzzing of every input isocheck reads (issue 16): programs, specs, schedule and
 * generator files and every history format, seeded from the shipped files and the corpus. A case
 * mutates one seed (1-4 edits: deletions, duplications, dictionary tokens such as 2^63 or deep
 * nesting, swaps, byte flips, truncation) and runs the command that reads it in-process. The
 * contract checked on every run: exit code 0, 1, 2, 3 or 4 (never 70); no stack trace; a bad-input
 * answer (2) is one line; a run under {@code --timeout T} answers within T + 2 s.
 */
public final class CliFuzzer {

    static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    /**
     * Small, so that the cases that run out cost little (the contract is deadline + 2 s whatever T
     * is).
     */
    static final int TIMEOUT = 2;

    /**
     * A run without an answer after this long counts as a hang (exit code {@link #HANG} in the
     * counts).
     */
    static final int HANG_SECONDS = 120;

    static final int HANG = -1;

    /** What a seed is and how a mutated copy of it is run. */
    enum Kind {
        PROGRAM,
        SPEC,
        SCHEDULE,
        GENERATOR,
        HISTORY,
        HISTORY_DIR
    }

    /**
     * How often each kind is drawn, cheap kinds more often (measured per case on the shared
     * two-core machine: a history or a program about 0.02-0.04 s, a schedule 0.1 s, a generator run
     * 0.2 s, a spec run through Z3 0.3-0.9 s), so that a long campaign tries many inputs; every
     * kind keeps a share of at least 1 in 14.
     */
    private static final Kind[] KIND_DRAW = {
        Kind.PROGRAM,
        Kind.PROGRAM,
        Kind.PROGRAM,
        Kind.PROGRAM,
        Kind.HISTORY,
        Kind.HISTORY,
        Kind.HISTORY,
        Kind.HISTORY,
        Kind.HISTORY_DIR,
        Kind.HISTORY_DIR,
        Kind.SCHEDULE,
        Kind.SCHEDULE,
        Kind.GENERATOR,
        Kind.SPEC,
    };

    /**
     * A seed file (or log directory), the program it goes with (schedules, generators), its history
     * format.
     */
    record Seed(Kind kind, Path path, String program, String format) {}

    /** One run: the command line, its exit code and streams, its wall time. */
    public record Outcome(
            String kind, List<String> args, int exitCode, String out, String err, double seconds) {}

    private static final String[] DICTIONARY = {
        "9223372036854775808",
        "-9223372036854775809",
        "2147483648",
        "0",
        "-1",
        "99999999999999999999999",
        "1e309",
        "(",
        ")",
        "((((((((((((((((((((",
        "))))))))))",
        ",",
        ";",
        ":",
        "'",
        "\"",
        "''",
        "--",
        "#",
        "/*",
        "\u00e9",
        "\u0000",
        "NULL",
        "IF",
        "THEN",
        "END IF;",
        "ELSE",
        "FOREACH r IN x LOOP",
        "END LOOP;",
        "BEGIN",
        "END;",
        "SELECT",
        "UPDATE",
        "INSERT",
        "DELETE",
        "WHERE",
        "PRIMARY KEY",
        "INT",
        "VARCHAR(2147483648)",
        "TRANSACTION",
        "CREATE TABLE",
        "not (",
        "forall a, b, c, d, e, f:",
        "exists",
        "vis(",
        "ar(",
        "so(",
        "->",
        "<->",
        "and",
        "or",
        "include",
        "axiom",
        "observer",
        "{",
        "}",
        "[",
        "]",
        "{\"session\":\"0\",\"id\":1,\"ops\":[]}",
        "[\"w\",\"x\",1]",
        "[\"r\",\"x\",null]",
        "\"start\":10,\"commit\":5,",
        "\"id\":1,",
        ":type :ok",
        ":invoke",
        ":f :txn",
        ":value [[:append 1 2]]",
        "true",
        "false",
        "T1",
        "T1*",
        "rows 100000",
        "unique",
        "1..0",
        "count(",
        "|",
        "=",
        "\n",
        "\n\n",
        "  ",
        "\t",
    };

    private final List<Seed> seeds;
    private final Path work;

    public CliFuzzer(Path work) {
        this.work = work;
        this.seeds = seeds(work);
    }

    public List<Seed> seeds() {
        return seeds;
    }

    /**
     * The shipped programs, specs, schedules, generator, and corpus histories; plus a few written
     * here.
     */
    private static List<Seed> seeds(Path work) {
        List<Seed> s = new ArrayList<>();
        Path programs = ROOT.resolve("benchmarks/programs");
        for (Path p : files(programs, ".sql")) s.add(new Seed(Kind.PROGRAM, p, null, null));
        for (Path p : files(programs.resolve("litmus"), ".sql"))
            s.add(new Seed(Kind.PROGRAM, p, null, null));
        for (Path p : files(ROOT.resolve("analyzer/src/test/resources/malformed"), ".sql"))
            s.add(new Seed(Kind.PROGRAM, p, null, null));
        for (Path p : files(ROOT.resolve("specs"), ".spec"))
            s.add(new Seed(Kind.SPEC, p, null, null));
        for (Path p : files(programs.resolve("courseware-specs"), ".spec"))
            s.add(new Seed(Kind.SPEC, p, null, null));
        for (Path p : files(ROOT.resolve("benchmarks/schedules"), ".schedule")) {
            String name = p.getFileName().toString().replace(".schedule", ".sql");
            s.add(
                    new Seed(
                            Kind.SCHEDULE,
                            p,
                            programs.resolve("litmus").resolve(name).toString(),
                            null));
        }
        for (Path p : files(programs.resolve("tpcc-schedules"), ".schedule")) {
            s.add(new Seed(Kind.SCHEDULE, p, programs.resolve("tpcc.sql").toString(), null));
        }
        s.add(
                new Seed(
                        Kind.GENERATOR,
                        programs.resolve("tpcc.gen"),
                        programs.resolve("tpcc.sql").toString(),
                        null));
        s.add(
                new Seed(
                        Kind.GENERATOR,
                        programs.resolve("page-views.gen"),
                        programs.resolve("page-views.sql").toString(),
                        null));
        Path corpus = ROOT.resolve("corpus");
        for (String f :
                List.of(
                        "awdit-tests/causal/long-fork.txt",
                        "awdit-tests/causal/lost-update.plume.txt",
                        "awdit-tests/read-atomic/biswas-enea.txt",
                        "awdit-tests/read-atomic/generated/l5e20sqrt.plume.txt",
                        "awdit-tests/none/hb-cycle.txt",
                        "samples/write-skew.plume.txt",
                        "samples/intermediate-read.plume.txt",
                        "isovista/pg_ser_bug.txt",
                        "polysi-histories/galera-si-violation.txt",
                        "elle/paper-example.edn",
                        "elle/paper-example.json")) {
            s.add(new Seed(Kind.HISTORY, corpus.resolve(f), null, null));
        }
        s.add(new Seed(Kind.HISTORY_DIR, corpus.resolve("cobra/cock-G2"), null, "cobra"));
        try {
            Files.createDirectories(work);
            // isocheck JSON Lines, converted from corpus seeds (our own format has no corpus file).
            for (String f :
                    List.of(
                            "samples/write-skew.plume.txt",
                            "awdit-tests/causal/long-fork.plume.txt")) {
                Path json =
                        work.resolve(
                                "seed-"
                                        + Path.of(f)
                                                .getFileName()
                                                .toString()
                                                .replace(".plume.txt", ".jsonl"));
                HistoryWriter.write(
                        HistoryReader.read(corpus.resolve(f), Format.PLUME), json, Format.JSON);
                s.add(new Seed(Kind.HISTORY, json, null, null));
            }
            // A generator file for a small program (tpcc.sql alone takes 0.2 s to read): every line
            // form once.
            Path gen = work.resolve("seed-write-skew.gen");
            Files.writeString(
                    gen,
                    """
                    # write-skew.gen: two doctors, on call or not
                    table oncall: doctor_id = 1..2, on_call = 1 | 0
                    param *.me = 1..2
                    param GoOffCall.other = 1 | 2   # sometimes me itself
                    mix GoOffCall 1
                    """);
            s.add(
                    new Seed(
                            Kind.GENERATOR,
                            gen,
                            programs.resolve("litmus/write-skew.sql").toString(),
                            null));
            Path stamped = work.resolve("seed-stamped.jsonl");
            Files.writeString(
                    stamped,
                    """
                    {"format":"isocheck-history","version":1,"sessions":["a","b"]}
                    {"initial":true,"ops":[["w","x",0],["w","y",0]]}
                    {"session":"a","id":1,"start":1,"commit":4,"ops":[["r","x",0],["w","y",1]]}
                    {"session":"b","id":2,"start":2,"commit":3,"ops":[["r","y",0],["w","x",1]]}
                    {"session":"a","id":3,"status":"aborted","ops":[["w","x",7]]}
                    """);
            s.add(new Seed(Kind.HISTORY, stamped, null, null));
            Path dbcop = work.resolve("seed-history.bincode");
            Files.write(dbcop, dbcopWriteSkew());
            s.add(new Seed(Kind.HISTORY, dbcop, null, "dbcop"));
            Path viper = Files.createDirectories(work.resolve("seed-viper"));
            Files.writeString(
                    viper.resolve("J0.log"),
                    "{\"value\": [[\"w\", 1, 0], [\"w\", 2, 0]], \"isInitial\": true}\n");
            Files.writeString(
                    viper.resolve("J1.log"),
                    "{\"value\": [[\"r\", 1, 0], [\"w\", 2, 1]], \"preBeginTS\": 1, \"postCommitTS\": 4}\n");
            Files.writeString(
                    viper.resolve("J2.log"),
                    "{\"value\": [[\"r\", 2, 0], [\"w\", 1, 1]], \"preBeginTS\": 2, \"postCommitTS\": 3}\n");
            s.add(new Seed(Kind.HISTORY_DIR, viper, null, "viper"));
        } catch (IOException | isocheck.format.HistoryFormatException e) {
            throw new IllegalStateException("cannot prepare the fuzz seeds", e);
        }
        return s;
    }

    private static List<Path> files(Path dir, String suffix) {
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(p -> p.toString().endsWith(suffix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * dbcop's history.bincode (bincode 1: little-endian u64s) for a write skew, as checker's tests
     * build it.
     */
    private static byte[] dbcopWriteSkew() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long[] header = {0, 2, 2, 1, 3};
        for (long v : header) u64(out, v);
        for (String str :
                List.of(
                        "test",
                        "2022-07-05T12:23:43.032406225+08:00",
                        "2022-07-05T12:23:44.000000000+08:00")) {
            byte[] b = str.getBytes(StandardCharsets.UTF_8);
            u64(out, b.length);
            out.write(b, 0, b.length);
        }
        u64(out, 2);
        for (int session = 0; session < 2; session++) {
            u64(out, 1);
            u64(out, 3);
            event(out, false, 1, 0);
            event(out, false, 2, 0);
            event(out, true, session + 1, session + 1);
            out.write(1);
        }
        return out.toByteArray();
    }

    private static void event(ByteArrayOutputStream out, boolean write, long variable, long value) {
        out.write(write ? 1 : 0);
        u64(out, variable);
        u64(out, value);
        out.write(1);
    }

    private static void u64(ByteArrayOutputStream out, long v) {
        for (int i = 0; i < 8; i++) out.write((int) (v >>> (8 * i)) & 0xff);
    }

    /** Mutates a seed chosen by {@code rnd} into {@code dir} and runs the command that reads it. */
    public Outcome runOne(Random rnd, Path dir) throws IOException {
        // A kind first, then one of its seeds: every kind of input gets its share whatever its
        // number of seeds.
        Kind kind = KIND_DRAW[rnd.nextInt(KIND_DRAW.length)];
        List<Seed> ofKind = seeds.stream().filter(x -> x.kind() == kind).toList();
        Seed seed = ofKind.get(rnd.nextInt(ofKind.size()));
        if (Files.exists(dir)) {
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
            }
        }
        Files.createDirectories(dir);
        List<String> args = new ArrayList<>();
        switch (seed.kind()) {
            case PROGRAM -> {
                Path f = dir.resolve("p.sql");
                Files.write(f, mutate(Files.readAllBytes(seed.path()), rnd));
                if (rnd.nextInt(4) == 0) {
                    // One solver thread: the campaign runs cases on every core already.
                    args.addAll(
                            List.of(
                                    "analyze",
                                    f.toString(),
                                    "--spec",
                                    rnd.nextBoolean() ? "ec" : "si",
                                    "--bound",
                                    "2",
                                    "--timeout",
                                    "" + TIMEOUT,
                                    "--threads",
                                    "1"));
                } else {
                    args.addAll(List.of("parse", f.toString()));
                    if (rnd.nextBoolean()) args.addAll(List.of("--format", "json"));
                }
            }
            case SPEC -> {
                Path specs = Files.createDirectories(dir.resolve("specs"));
                String name = "fuzzed";
                Files.write(
                        specs.resolve(name + ".spec"),
                        mutate(Files.readAllBytes(seed.path()), rnd));
                // The spec is what is fuzzed; the program is a small one (lost-update's queries
                // take Z3 a fifth of
                // write-skew's), write-skew now and then for a cycle without a ww edge.
                String program = rnd.nextInt(4) == 0 ? "write-skew.sql" : "lost-update.sql";
                args.addAll(
                        List.of(
                                "analyze",
                                ROOT.resolve("benchmarks/programs/litmus")
                                        .resolve(program)
                                        .toString(),
                                "--spec",
                                name,
                                "--spec-dir",
                                specs.toString(),
                                "--bound",
                                "2",
                                "--timeout",
                                "" + TIMEOUT,
                                "--threads",
                                "1"));
            }
            case SCHEDULE -> {
                Path f = dir.resolve("s.schedule");
                Files.write(f, mutate(Files.readAllBytes(seed.path()), rnd));
                // --block-ms 100: a step that waits on a lock is reported blocked after 0.1 s
                // instead of 0.5 s.
                args.addAll(
                        List.of(
                                "run",
                                seed.program(),
                                "--schedule",
                                f.toString(),
                                "--no-record",
                                "--timeout",
                                "" + TIMEOUT,
                                "--block-ms",
                                "100"));
            }
            case GENERATOR -> {
                Path f = dir.resolve("g.gen");
                Files.write(f, mutate(Files.readAllBytes(seed.path()), rnd));
                args.addAll(
                        List.of(
                                "run",
                                seed.program(),
                                "--gen",
                                f.toString(),
                                "--transactions",
                                "4",
                                "--clients",
                                "2",
                                "--no-record",
                                "--timeout",
                                "" + TIMEOUT));
            }
            case HISTORY -> {
                String name = seed.path().getFileName().toString();
                Path f = dir.resolve("h-" + name);
                Files.write(f, mutate(Files.readAllBytes(seed.path()), rnd));
                historyCommand(args, f, seed.format(), rnd, dir);
            }
            case HISTORY_DIR -> {
                Path d = dir.resolve("logs");
                copyDirectory(seed.path(), d);
                List<Path> logs = files(d, ".log");
                Path victim = logs.get(rnd.nextInt(logs.size()));
                Files.write(victim, mutate(Files.readAllBytes(victim), rnd));
                historyCommand(args, d, seed.format(), rnd, dir);
            }
        }
        long start = System.nanoTime();
        // On a thread of its own, so that a hang (a command without --timeout that never ends) is a
        // finding
        // and the campaign goes on (the stuck thread is abandoned).
        java.util.concurrent.FutureTask<CliRun> task =
                new java.util.concurrent.FutureTask<>(() -> CliRun.of(args.toArray(new String[0])));
        Thread t = new Thread(task, "fuzz-case");
        t.setDaemon(true);
        t.start();
        CliRun run;
        try {
            run = task.get(HANG_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            run = new CliRun(HANG, "", "no answer after " + HANG_SECONDS + " s");
        } catch (InterruptedException | java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Outcome(
                seed.kind() + " " + ROOT.relativize(seed.path().toAbsolutePath()),
                args,
                run.exitCode(),
                run.out(),
                run.err(),
                seconds);
    }

    private static void historyCommand(
            List<String> args, Path f, String format, Random rnd, Path dir) {
        if (rnd.nextInt(5) == 0) {
            args.addAll(
                    List.of("convert", f.toString(), dir.resolve("converted.jsonl").toString()));
        } else {
            args.addAll(
                    List.of(
                            "check",
                            f.toString(),
                            "--level",
                            rnd.nextBoolean() ? "all" : "si,ser",
                            "--timeout",
                            "" + TIMEOUT));
        }
        if (format != null && rnd.nextBoolean()) args.addAll(List.of("--format", format));
    }

    private static void copyDirectory(Path from, Path to) throws IOException {
        if (Files.exists(to)) {
            try (Stream<Path> walk = Files.walk(to)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
            }
        }
        Files.createDirectories(to);
        for (Path p : files(from, "")) Files.copy(p, to.resolve(p.getFileName()));
    }

    /** 1-4 random edits of the bytes. */
    static byte[] mutate(byte[] input, Random rnd) {
        byte[] b = input;
        int edits = 1 + rnd.nextInt(4);
        for (int i = 0; i < edits; i++) b = edit(b, rnd);
        return b;
    }

    private static byte[] edit(byte[] b, Random rnd) {
        int n = b.length;
        int at = n == 0 ? 0 : rnd.nextInt(n + 1);
        switch (rnd.nextInt(9)) {
            case 0 -> { // delete a span
                int len = Math.min(n - at, 1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 64));
                return splice(b, at, Math.max(0, len), new byte[0]);
            }
            case 1 -> { // duplicate a span, sometimes many times
                int len = Math.min(n - at, 1 + rnd.nextInt(80));
                byte[] span = java.util.Arrays.copyOfRange(b, at, at + Math.max(0, len));
                int times = rnd.nextInt(8) == 0 ? 20 + rnd.nextInt(200) : 1;
                ByteArrayOutputStream rep = new ByteArrayOutputStream();
                for (int t = 0; t < times; t++) rep.write(span, 0, span.length);
                return splice(b, at, 0, rep.toByteArray());
            }
            case 2, 3 -> { // insert a dictionary token, sometimes repeated (deep nesting)
                String token = DICTIONARY[rnd.nextInt(DICTIONARY.length)];
                if (rnd.nextInt(10) == 0) token = token.repeat(10 + rnd.nextInt(300));
                return splice(b, at, 0, token.getBytes(StandardCharsets.UTF_8));
            }
            case 4 -> { // replace a digit run with a boundary number
                for (int i = at; i < n; i++) {
                    if (Character.isDigit(b[i])) {
                        int j = i;
                        while (j < n && Character.isDigit(b[j])) j++;
                        String[] numbers = {
                            "9223372036854775807",
                            "9223372036854775808",
                            "0",
                            "2147483648",
                            "-1",
                            "00",
                            "1"
                        };
                        return splice(
                                b,
                                i,
                                j - i,
                                numbers[rnd.nextInt(numbers.length)].getBytes(
                                        StandardCharsets.UTF_8));
                    }
                }
                return b;
            }
            case 5 -> { // flip a byte
                if (n == 0) return b;
                byte[] c = b.clone();
                c[rnd.nextInt(n)] ^= (byte) (1 << rnd.nextInt(8));
                return c;
            }
            case 6 -> { // truncate
                return java.util.Arrays.copyOf(b, at);
            }
            case 7 -> { // swap two lines
                String[] lines = new String(b, StandardCharsets.UTF_8).split("\n", -1);
                if (lines.length < 2) return b;
                int i = rnd.nextInt(lines.length);
                int j = rnd.nextInt(lines.length);
                String t = lines[i];
                lines[i] = lines[j];
                lines[j] = t;
                return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
            }
            default -> { // copy a line elsewhere (duplicate declarations, ids, transactions)
                String[] lines = new String(b, StandardCharsets.UTF_8).split("\n", -1);
                List<String> list = new ArrayList<>(List.of(lines));
                list.add(rnd.nextInt(list.size() + 1), lines[rnd.nextInt(lines.length)]);
                return String.join("\n", list).getBytes(StandardCharsets.UTF_8);
            }
        }
    }

    private static byte[] splice(byte[] b, int at, int remove, byte[] insert) {
        byte[] c = new byte[b.length - remove + insert.length];
        System.arraycopy(b, 0, c, 0, at);
        System.arraycopy(insert, 0, c, at, insert.length);
        System.arraycopy(b, at + remove, c, at + insert.length, b.length - at - remove);
        return c;
    }

    /** The contract every run must keep; empty when it does. */
    public static List<String> violations(Outcome o) {
        List<String> v = new ArrayList<>();
        int code = o.exitCode();
        if (code == HANG) {
            v.add("a hang: " + o.err());
        } else if (code != ExitCode.OK
                && code != ExitCode.FINDING
                && code != ExitCode.BAD_INPUT
                && code != ExitCode.UNKNOWN
                && code != ExitCode.RESOURCES) {
            v.add("exit code " + code);
        }
        if (o.err().contains("\tat ")
                || o.err().contains("Exception:")
                || o.err().contains("Error:")) {
            v.add("a stack trace or exception on stderr");
        }
        if (code == ExitCode.BAD_INPUT && o.err().strip().lines().count() != 1) {
            v.add("exit 2 with " + o.err().strip().lines().count() + " lines on stderr");
        }
        if (o.args().contains("--timeout") && o.seconds() > TIMEOUT + 2) {
            v.add(String.format("took %.1f s under --timeout %d", o.seconds(), TIMEOUT));
        }
        return v;
    }
}
