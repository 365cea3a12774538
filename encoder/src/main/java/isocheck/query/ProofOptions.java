package isocheck.query;

import isocheck.encoding.Encoder;
import isocheck.encoding.KeyModel;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Options of {@link Proof#verify}.
 *
 * @param method which proof scheme(s) to try
 * @param maxLength the longest chordless path (in edges) the shortest-path method asks for
 * @param timeoutSeconds the time limit of each solver query; a query that runs out answers unknown
 * @param smtOut when not null, every query is written there as SMT-LIB 2 before it is solved
 * @param mode the encoding of the transaction sort (expanded falls back to quantified for specs
 *     that are not universal in transactions)
 * @param uniqueKeys the program assumption of {@link Encoder#assumeUniqueInserts}
 * @param progress receives one line per query (role, result, time); never null
 * @param keysBelowCounters the initial-state assumption of {@link Encoder#assumeKeysBelowCounters}
 * @param pathBudget how the shortest-path search splits its time between the whole query and type
 *     sequences at each length ({@link PathBudget#DEFAULT})
 */
public record ProofOptions(
        ProofMethod method,
        int maxLength,
        int timeoutSeconds,
        Path smtOut,
        Encoder.Mode mode,
        boolean uniqueKeys,
        Consumer<String> progress,
        boolean keysBelowCounters,
        PathBudget pathBudget,
        KeyModel keys) {

    public ProofOptions {
        if (maxLength < 2)
            throw new IllegalArgumentException("maxLength must be at least 2, not " + maxLength);
        if (timeoutSeconds < 1)
            throw new IllegalArgumentException(
                    "timeoutSeconds must be positive, not " + timeoutSeconds);
        if (method == null || mode == null)
            throw new IllegalArgumentException("method and mode are required");
        if (progress == null) progress = line -> {};
        if (pathBudget == null) pathBudget = PathBudget.DEFAULT;
        if (keys == null) keys = KeyModel.OVERWRITE;
    }

    /**
     * auto, paths up to 8 edges (the paper's Courseware bound), 60 s per query, expanded encoding.
     */
    public static ProofOptions defaults() {
        return new ProofOptions(
                ProofMethod.AUTO,
                8,
                60,
                null,
                Encoder.Mode.EXPANDED,
                false,
                line -> {},
                false,
                PathBudget.DEFAULT,
                KeyModel.OVERWRITE);
    }

    /**
     * What a second INSERT of a key does ({@link KeyModel}): the paper's overwrite here by default,
     * SQL's in the CLI.
     */
    public ProofOptions withKeys(KeyModel k) {
        return edit(o -> o.keys = k);
    }

    public ProofOptions withMethod(ProofMethod m) {
        return edit(o -> o.method = m);
    }

    public ProofOptions withMaxLength(int n) {
        return edit(o -> o.maxLength = n);
    }

    public ProofOptions withTimeout(int s) {
        return edit(o -> o.timeoutSeconds = s);
    }

    public ProofOptions withSmtOut(Path p) {
        return edit(o -> o.smtOut = p);
    }

    public ProofOptions withMode(Encoder.Mode m) {
        return edit(o -> o.mode = m);
    }

    public ProofOptions withUniqueKeys(boolean u) {
        return edit(o -> o.uniqueKeys = u);
    }

    public ProofOptions withProgress(Consumer<String> p) {
        return edit(o -> o.progress = p);
    }

    public ProofOptions withPathBudget(PathBudget b) {
        return edit(o -> o.pathBudget = b);
    }

    /**
     * The initial-state assumption of {@link Encoder#assumeKeysBelowCounters}. (The copy this
     * replaced dropped {@link #keys}, so {@code weakest --assume-keys-below-counters} proved under
     * the paper's keys whatever the CLI asked; one edit path keeps every field.)
     */
    public ProofOptions withKeysBelowCounters(boolean on) {
        return edit(o -> o.keysBelowCounters = on);
    }

    /** The one place a changed copy is made: every wither edits a mutable copy of all fields. */
    private ProofOptions edit(Consumer<Edit> change) {
        Edit e = new Edit(this);
        change.accept(e);
        return new ProofOptions(
                e.method,
                e.maxLength,
                e.timeoutSeconds,
                e.smtOut,
                e.mode,
                e.uniqueKeys,
                e.progress,
                e.keysBelowCounters,
                e.pathBudget,
                e.keys);
    }

    private static final class Edit {
        ProofMethod method;
        int maxLength, timeoutSeconds;
        Path smtOut;
        Encoder.Mode mode;
        boolean uniqueKeys, keysBelowCounters;
        Consumer<String> progress;
        PathBudget pathBudget;
        KeyModel keys;

        Edit(ProofOptions o) {
            method = o.method;
            maxLength = o.maxLength;
            timeoutSeconds = o.timeoutSeconds;
            smtOut = o.smtOut;
            mode = o.mode;
            uniqueKeys = o.uniqueKeys;
            progress = o.progress;
            keysBelowCounters = o.keysBelowCounters;
            pathBudget = o.pathBudget;
            keys = o.keys;
        }
    }
}
