package isocheck.weakest;

import isocheck.encoding.KeyModel;
import isocheck.query.Analysis;
import java.util.function.Consumer;

/**
 * Settings shared by both searches of {@code weakest}: the cycle bound and per-query time limit of
 * each bounded analysis, the unique-keys assumption of {@code analyze}, the most assignments {@link
 * AssignmentSearch} may try, and where progress lines go (stderr in the CLI).
 */
public record SearchOptions(
        int bound,
        int timeoutSeconds,
        boolean uniqueKeys,
        int maxAssignments,
        Consumer<String> progress,
        boolean keysBelowCounters,
        KeyModel keys) {

    public SearchOptions {
        if (keys == null) keys = KeyModel.OVERWRITE;
    }

    public SearchOptions(
            int bound,
            int timeoutSeconds,
            boolean uniqueKeys,
            int maxAssignments,
            Consumer<String> progress,
            boolean keysBelowCounters) {
        this(
                bound,
                timeoutSeconds,
                uniqueKeys,
                maxAssignments,
                progress,
                keysBelowCounters,
                KeyModel.OVERWRITE);
    }

    /** What a second INSERT of a key does ({@link KeyModel}). */
    public SearchOptions withKeys(KeyModel k) {
        return new SearchOptions(
                bound, timeoutSeconds, uniqueKeys, maxAssignments, progress, keysBelowCounters, k);
    }

    public SearchOptions(
            int bound,
            int timeoutSeconds,
            boolean uniqueKeys,
            int maxAssignments,
            Consumer<String> progress) {
        this(bound, timeoutSeconds, uniqueKeys, maxAssignments, progress, false);
    }

    public static SearchOptions defaults(int bound) {
        return new SearchOptions(bound, 60, false, 200, line -> {});
    }

    public SearchOptions withTimeout(int s) {
        return new SearchOptions(
                bound, s, uniqueKeys, maxAssignments, progress, keysBelowCounters, keys);
    }

    public SearchOptions withUniqueKeys(boolean u) {
        return new SearchOptions(
                bound, timeoutSeconds, u, maxAssignments, progress, keysBelowCounters, keys);
    }

    public SearchOptions withMaxAssignments(int n) {
        return new SearchOptions(
                bound, timeoutSeconds, uniqueKeys, n, progress, keysBelowCounters, keys);
    }

    public SearchOptions withProgress(Consumer<String> p) {
        return new SearchOptions(
                bound, timeoutSeconds, uniqueKeys, maxAssignments, p, keysBelowCounters, keys);
    }

    /**
     * The initial-state assumption of {@code analyze --assume-keys-below-counters}. (It used to
     * drop {@link #keys}: the CLI's SQL keys became the paper's overwrite under this flag.)
     */
    public SearchOptions withKeysBelowCounters(boolean on) {
        return new SearchOptions(
                bound, timeoutSeconds, uniqueKeys, maxAssignments, progress, on, keys);
    }

    /**
     * The bounded analysis each spec or assignment gets: cycles of 2..bound, first witness only,
     * expanded mode.
     */
    Analysis.Options analysis() {
        return Analysis.Options.defaults(bound)
                .withTimeout(timeoutSeconds)
                .withUniqueKeys(uniqueKeys)
                .withKeysBelowCounters(keysBelowCounters)
                .withKeys(keys);
    }
}
