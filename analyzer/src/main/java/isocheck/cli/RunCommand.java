package isocheck.cli;

import isocheck.format.Format;
import isocheck.format.HistoryFormatException;
import isocheck.format.HistoryWriter;
import isocheck.frontend.ProgramLoader;
import isocheck.history.History;
import isocheck.history.InvalidHistoryException;
import isocheck.level.Level;
import isocheck.level.LevelChecker;
import isocheck.level.Verdict;
import isocheck.program.Program;
import isocheck.run.Db;
import isocheck.run.GenSpec;
import isocheck.run.Isolation;
import isocheck.run.RunDeadline;
import isocheck.run.RunError;
import isocheck.run.RunTimedOut;
import isocheck.run.Runs;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code isocheck run}: run programs or generated workloads on a real database, record the history,
 * check it.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {
            "Run a program's transactions (or a generated workload) on a database with concurrent clients, "
                    + "record the exact history (every read names the write it saw) and optionally check it.",
            "",
            "Embedded in-memory H2 by default (nothing to install); --db jdbc:postgresql://HOST:PORT/DB for PostgreSQL "
                    + "(user and password from --user/--password or PGUSER/PGPASSWORD), jdbc:mariadb://HOST:PORT/ for MariaDB, "
                    + "jdbc:sqlite:DIR for embedded SQLite (a database file per run in DIR). Tables live in a private schema "
                    + "that is dropped at the end unless --keep. Parameters and initial data come from PROGRAM.gen "
                    + "(or --gen FILE) when present, else from defaults that create contention."
        })
public final class RunCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "PROGRAM",
            description = "a program file (or use --workload)")
    Path program;

    @Option(
            names = "--workload",
            paramLabel = "KIND",
            description =
                    "mt (mini-transactions) or kv (random key-value transactions) instead of a program")
    String workload;

    @Option(
            names = "--db",
            paramLabel = "URL",
            description = "JDBC URL (default: a fresh in-memory H2 database)")
    String url;

    @Option(
            names = "--user",
            paramLabel = "USER",
            description = "database user (default: PGUSER for PostgreSQL)")
    String user;

    @Option(
            names = "--password",
            paramLabel = "PASSWORD",
            description = "database password (default: PGPASSWORD; prefer the variable)")
    String password;

    @Option(
            names = "--isolation",
            paramLabel = "LEVEL",
            defaultValue = "read-committed",
            description =
                    "read-uncommitted, read-committed, repeatable-read, snapshot or serializable, as the database offers "
                            + "(H2 all five; PostgreSQL all but read-uncommitted, snapshot = repeatable-read; MariaDB all but snapshot; "
                            + "SQLite serializable) (default: ${DEFAULT-VALUE})")
    String isolation;

    @Option(
            names = "--isolation-of",
            paramLabel = "TYPE=LEVEL",
            description =
                    "run the program's transaction type TYPE at LEVEL, the others at --isolation "
                            + "(repeatable; e.g. what 'weakest --db postgresql --per-transaction' assigns); "
                            + "every level must be one the database offers")
    Map<String, String> isolationOf = new LinkedHashMap<>();

    @Option(
            names = "--clients",
            paramLabel = "N",
            defaultValue = "4",
            description = "concurrent clients, one session each (default: ${DEFAULT-VALUE})")
    int clients;

    @Option(
            names = "--transactions",
            paramLabel = "M",
            defaultValue = "1000",
            description = "transactions in total (default: ${DEFAULT-VALUE})")
    int transactions;

    @Option(
            names = "--seed",
            paramLabel = "S",
            defaultValue = "1",
            description = "seed of the parameter generator (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(
            names = "--gen",
            paramLabel = "FILE",
            description = "generator file (default: PROGRAM with .gen instead of .sql, if present)")
    Path gen;

    @Option(
            names = "--keys",
            paramLabel = "N",
            defaultValue = "10",
            description = "keys of the mt/kv workloads (default: ${DEFAULT-VALUE})")
    int keys;

    @Option(
            names = "--zipf",
            paramLabel = "S",
            defaultValue = "0",
            description =
                    "Zipf exponent of mt/kv key choice; 0 = uniform (default: ${DEFAULT-VALUE})")
    double zipf;

    @Option(
            names = "--schedule",
            paramLabel = "FILE",
            description =
                    "stepped mode: drive the transactions declared in FILE through its fixed interleaving"
                            + " (steps NAME, NAME*, NAME@LINE, NAME@LINE#I: the I-th execution of the"
                            + " statement at LINE, NAME@LINE#*: the rest of the loop around LINE; see"
                            + " the README)")
    Path schedule;

    @Option(
            names = "--block-ms",
            paramLabel = "MS",
            defaultValue = "500",
            description =
                    "stepped mode: a step is shown as blocked once the database reports it waiting for a lock;"
                            + " where it cannot (SQLite), when not done after MS, elsewhere after"
                            + " at least 10 s (default: ${DEFAULT-VALUE})")
    long blockMillis;

    @Option(
            names = "--out",
            paramLabel = "HISTORY",
            description =
                    "write the history here (json, or plume text for .txt); written whole or not at all")
    Path out;

    @Option(
            names = "--check",
            paramLabel = "LEVEL",
            description =
                    "check the history at LEVEL (rc, ra, cc, … or all); exit 1 on a violation")
    String check;

    @Option(
            names = "--retry",
            description =
                    "retry aborted transactions (up to --max-retries times); every attempt is recorded")
    boolean retry;

    @Option(
            names = "--max-retries",
            paramLabel = "N",
            defaultValue = "10",
            description = "(default: ${DEFAULT-VALUE})")
    int maxRetries;

    @Option(names = "--keep", description = "keep the schema and its tables (its name is printed)")
    boolean keep;

    @Option(
            names = "--drop-leftovers",
            description =
                    "drop the private schemas earlier runs left on --db (killed, or the server went away): "
                            + "only schemas isocheck created (named isocheck_…, marked by a comment; on SQLite, files isocheck_….sqlite "
                            + "with a marker table), then exit; a running run's schema looks the same: use it when no run uses the database")
    boolean dropLeftovers;

    @Option(
            names = "--timeout",
            paramLabel = "SECONDS",
            description =
                    "time limit for the whole command; when it runs out the "
                            + "clients stop, the private schema is dropped and the answer is unknown (exit 3) with what was left")
    Double timeout;

    @Option(
            names = "--no-record",
            description =
                    "run without instrumentation and without recording (to measure the recording's cost)")
    boolean noRecord;

    @Override
    public Integer call() {
        List<Level> levels = check == null ? List.of() : levels(check);
        Format outFormat = out == null ? null : outFormat(out);
        Isolation iso;
        try {
            iso = Isolation.parse(isolation);
        } catch (IllegalArgumentException e) {
            throw new UserError("--isolation: " + e.getMessage());
        }
        Map<String, Isolation> typeLevels = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : isolationOf.entrySet()) {
            try {
                typeLevels.put(e.getKey(), Isolation.parse(e.getValue()));
            } catch (IllegalArgumentException x) {
                throw new UserError("--isolation-of " + e.getKey() + ": " + x.getMessage());
            }
        }
        if (!typeLevels.isEmpty() && program == null) {
            throw new UserError(
                    "--isolation-of names a PROGRAM's transaction types: give a PROGRAM");
        }
        if (!dropLeftovers && (program == null) == (workload == null)) {
            throw new UserError(
                    program == null
                            ? "give a PROGRAM or --workload mt|kv"
                            : "give a PROGRAM or --workload, not both");
        }
        if (noRecord && (out != null || check != null)) {
            throw new UserError(
                    "--no-record records nothing: it cannot be combined with --out or --check");
        }
        if (schedule != null && program == null) {
            throw new UserError("--schedule needs a PROGRAM");
        }
        if (timeout != null && !(timeout > 0)) {
            throw new UserError("--timeout must be a positive number of seconds");
        }
        if (timeout != null) {
            // The run stops itself at the deadline (RunDeadline) and then drops its schema: the
            // watchdog waits
            // 1 s more before it answers for it (then the shutdown hook drops the schema:
            // Main.HOOK_MILLIS).
            CommandDeadline.start(timeout, "--timeout " + CheckCommand.format(timeout), 1000);
            RunDeadline.set(CommandDeadline.deadlineNanos());
        }
        CommandDeadline.stage("setting up and running the transactions");
        PrintWriter stdout = spec.commandLine().getOut();
        if (dropLeftovers) {
            if (url == null) {
                throw new UserError(
                        "--drop-leftovers needs --db URL (an in-memory H2 database leaves nothing behind)");
            }
            try {
                List<String> dropped =
                        Db.of(url, user, password, Isolation.SERIALIZABLE)
                                .dropLeftovers(); // every engine offers it; no transaction runs
                stdout.println(
                        dropped.isEmpty()
                                ? "no leftover isocheck schemas"
                                : "dropped " + String.join(", ", dropped));
                return ExitCode.OK;
            } catch (RunError e) {
                throw new UserError(e.getMessage());
            }
        }
        try {
            Db db =
                    (url == null ? Db.embedded(iso) : Db.of(url, user, password, iso))
                            .withTypeLevels(typeLevels);
            Runs.Outcome o;
            if (program != null) {
                Program p = load(program);
                Path genFile = gen;
                if (genFile == null) {
                    String name = program.getFileName().toString();
                    Path sidecar =
                            program.resolveSibling(
                                    name.endsWith(".sql")
                                            ? name.substring(0, name.length() - 4) + ".gen"
                                            : name + ".gen");
                    genFile = Files.isRegularFile(sidecar) ? sidecar : null;
                } else if (!Files.isRegularFile(genFile)) {
                    throw new UserError(genFile + ": no such file");
                }
                GenSpec g = genFile == null ? GenSpec.empty() : GenSpec.load(genFile);
                String genName = genFile == null ? null : genFile.toString();
                if (schedule != null) {
                    o = Runs.schedule(db, p, g, genName, schedule, seed, blockMillis, stdout);
                } else {
                    o = Runs.program(db, p, g, genName, options());
                }
            } else {
                String w = workload.toLowerCase(Locale.ROOT);
                if (!w.equals("mt") && !w.equals("kv")) {
                    throw new UserError(
                            "--workload: unknown workload '" + workload + "' (expected mt or kv)");
                }
                o = Runs.keyValue(db, w.equals("mt"), keys, zipf, options());
            }
            stdout.print(o.summary());
            stdout.flush();
            if (noRecord) {
                return ExitCode.OK;
            }
            History h;
            try {
                h = o.history();
            } catch (InvalidHistoryException e) {
                throw new IllegalStateException(
                        "the recorded history is malformed: " + e.getMessage(), e);
            }
            stdout.println(
                    "history: "
                            + h.txnCount()
                            + " transactions (initial included), "
                            + h.opCount()
                            + " operations, "
                            + h.keys().size()
                            + (h.keys().size() == 1 ? " key" : " keys")
                            + (h.predicateReads().isEmpty()
                                    ? ""
                                    : ", "
                                            + h.predicateReads().size()
                                            + " predicate reads (their edges included above)")
                            + (out == null ? "" : " -> " + out));
            if (out != null) {
                write(h, out, outFormat);
            }
            CommandDeadline.stage("checking the recorded history");
            return checkAll(h, levels, stdout);
        } catch (RunError e) {
            throw new UserError(e.getMessage());
        } catch (RunTimedOut e) {
            stdout.flush();
            spec.commandLine()
                    .getErr()
                    .println(
                            String.format(
                                    Locale.ROOT,
                                    "unknown: the time limit (--timeout %s) ran out after %.1f s; "
                                            + "left unfinished: %s (%s)",
                                    CheckCommand.format(timeout),
                                    CommandDeadline.elapsedSeconds(),
                                    e.getMessage(),
                                    keep && schedule == null
                                            ? "the schema is kept"
                                            : "the private schema was dropped"));
            return ExitCode.UNKNOWN;
        }
    }

    private isocheck.run.Runner.Options options() {
        return new isocheck.run.Runner.Options(
                clients, transactions, seed, retry, maxRetries, keep, !noRecord);
    }

    private static Program load(Path p) {
        try {
            return ProgramLoader.load(p);
        } catch (NoSuchFileException e) {
            throw new UserError(p + ": no such file");
        } catch (IOException e) {
            throw new UserError(p + ": cannot read: " + e.getMessage());
        }
    }

    private static List<Level> levels(String s) {
        if (s.equalsIgnoreCase("all")) {
            return Arrays.asList(Level.values());
        }
        List<Level> out = new ArrayList<>();
        for (String part : s.split(",")) {
            try {
                out.add(Level.parse(part));
            } catch (IllegalArgumentException e) {
                throw new UserError("--check: " + e.getMessage());
            }
        }
        return out;
    }

    private static Format outFormat(Path path) {
        String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".txt") ? Format.PLUME : Format.JSON;
    }

    /**
     * Writes to a temporary file next to {@code path} and renames it: the history appears whole or
     * not at all.
     */
    static void write(History h, Path path, Format format) {
        Path abs = path.toAbsolutePath();
        Path dir = abs.getParent();
        Path tmp = null;
        try {
            if (dir != null && !Files.isDirectory(dir)) {
                throw new UserError(path + ": cannot write: no such directory " + dir);
            }
            tmp = Files.createTempFile(dir, "." + abs.getFileName() + ".", ".tmp");
            HistoryWriter.write(h, tmp, format);
            try {
                Files.move(
                        tmp,
                        abs,
                        StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
        } catch (HistoryFormatException e) {
            throw new UserError(path + ": " + e.getMessage());
        } catch (IOException e) {
            throw new UserError(path + ": cannot write: " + e.getMessage());
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // best effort
                }
            }
        }
    }

    private static int checkAll(History h, List<Level> levels, PrintWriter stdout) {
        boolean violated = false;
        boolean unknown = false;
        for (Level l : levels) {
            Verdict v = LevelChecker.of(l).check(h);
            StringBuilder text = new StringBuilder();
            VerdictText.append(text, v, 1, 240);
            stdout.print(text.toString().replace("\n", System.lineSeparator()));
            violated |= v instanceof Verdict.Violated;
            unknown |= v instanceof Verdict.Unknown;
        }
        stdout.flush();
        return violated ? ExitCode.FINDING : unknown ? ExitCode.UNKNOWN : ExitCode.OK;
    }
}
