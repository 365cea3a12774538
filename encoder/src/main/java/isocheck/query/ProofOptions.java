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

    public ProofOptions(
            ProofMethod method,
            int maxLength,
            int timeoutSeconds,
            Path smtOut,
            Encoder.Mode mode,
            boolean uniqueKeys,
            Consumer<String> progress,
            boolean keysBelowCounters,
            PathBudget pathBudget) {
        this(
                method,
                maxLength,
                timeoutSeconds,
                smtOut,
                mode,
                uniqueKeys,
                progress,
                keysBelowCounters,
                pathBudget,
                KeyModel.OVERWRITE);
    }

    /**
     * What a second INSERT of a key does ({@link KeyModel}): the paper's overwrite here by default,
     * SQL's in the CLI.
     */
    public ProofOptions withKeys(KeyModel k) {
        return new ProofOptions(
                method,
                maxLength,
                timeoutSeconds,
                smtOut,
                mode,
                uniqueKeys,
                progress,
                keysBelowCounters,
                pathBudget,
                k);
    }

    public ProofOptions(
            ProofMethod method,
            int maxLength,
            int timeoutSeconds,
            Path smtOut,
            Encoder.Mode mode,
            boolean uniqueKeys,
            Consumer<String> progress) {
        this(
                method,
                maxLength,
                timeoutSeconds,
                smtOut,
                mode,
                uniqueKeys,
                progress,
                false,
                PathBudget.DEFAULT);
    }

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
                ProofMethod.AUTO, 8, 60, null, Encoder.Mode.EXPANDED, false, line -> {});
    }

    public ProofOptions withMethod(ProofMethod m) {
        return new ProofOptions(
                m,
                maxLength,
                timeoutSeconds,
                smtOut,
                mode,
                uniqueKeys,
                progress,
                keysBelowCounters,
                pathBudget,
                keys);
    }

    public ProofOptions withMaxLength(int n) {
        return new ProofOptions(
                method,
                n,
                timeoutSeconds,
                smtOut,
                mode,
                uniqueKeys,
                progress,
                keysBelowCounters,
                pathBudget,
                keys);
    }

    public ProofOptions withTimeout(int s) {
        return new ProofOptions(
                method,
                maxLength,
                s,
                smtOut,
                mode,
                uniqueKeys,
                progress,
                keysBelowCounters,
                pathBudget,
                keys);
    }

    public ProofOptions withSmtOut(Path p) {
        return new ProofOptions(
                method,
                maxLength,
                timeoutSeconds,
                p,
                mode,
                uniqueKeys,
                progress,
                keysBelowCounters,
                pathBudget,
                keys);
    }

    public ProofOptions withMode(Encoder.Mode m) {
        return new ProofOptions(
                method,
                maxLength,
                timeoutSeconds,
                smtOut,
                m,
                uniqueKeys,
                progress,
                keysBelowCounters,
                pathBudget,
                keys);
    }

    public ProofOptions withUniqueKeys(boolean u) {
        return new ProofOptions(
                method,
                maxLength,
                timeoutSeconds,
                smtOut,
                mode,
                u,
                progress,
                keysBelowCounters,
                pathBudget,
                keys);
    }

    public ProofOptions withProgress(Consumer<String> p) {
        return new ProofOptions(
                method,
                maxLength,
                timeoutSeconds,
                smtOut,
                mode,
                uniqueKeys,
                p,
                keysBelowCounters,
                pathBudget,
                keys);
    }

    public ProofOptions withPathBudget(PathBudget b) {
        return new ProofOptions(
                method,
                maxLength,
                timeoutSeconds,
                smtOut,
                mode,
                uniqueKeys,
                progress,
                keysBelowCounters,
                b,
                keys);
    }

    public ProofOptions withKeysBelowCounters(boolean on) {
        return new ProofOptions(
                method,
                maxLength,
                timeoutSeconds,
                smtOut,
                mode,
                uniqueKeys,
                progress,
                on,
                pathBudget);
    }
}
