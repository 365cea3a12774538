package isocheck.weakest;

import isocheck.query.Analysis;
import java.util.function.Consumer;

/**
 * Settings shared by both searches of {@code weakest}: the cycle bound and per-query time limit
 * of each bounded analysis, the unique-keys assumption of {@code analyze}, the most assignments
 * {@link AssignmentSearch} may try, and where progress lines go (stderr in the CLI).
 */
public record SearchOptions(int bound, int timeoutSeconds, boolean uniqueKeys, int maxAssignments, Consumer<String> progress,
        boolean keysBelowCounters) {

    public SearchOptions(int bound, int timeoutSeconds, boolean uniqueKeys, int maxAssignments, Consumer<String> progress) {
        this(bound, timeoutSeconds, uniqueKeys, maxAssignments, progress, false);
    }

    public static SearchOptions defaults(int bound) {
        return new SearchOptions(bound, 60, false, 200, line -> {});
    }

    public SearchOptions withTimeout(int s) { return new SearchOptions(bound, s, uniqueKeys, maxAssignments, progress, keysBelowCounters); }
    public SearchOptions withUniqueKeys(boolean u) { return new SearchOptions(bound, timeoutSeconds, u, maxAssignments, progress, keysBelowCounters); }
    public SearchOptions withMaxAssignments(int n) { return new SearchOptions(bound, timeoutSeconds, uniqueKeys, n, progress, keysBelowCounters); }
    public SearchOptions withProgress(Consumer<String> p) { return new SearchOptions(bound, timeoutSeconds, uniqueKeys, maxAssignments, p, keysBelowCounters); }
    /** The initial-state assumption of {@code analyze --assume-keys-below-counters}. */
    public SearchOptions withKeysBelowCounters(boolean on) { return new SearchOptions(bound, timeoutSeconds, uniqueKeys, maxAssignments, progress, on); }

    /** The bounded analysis each spec or assignment gets: cycles of 2..bound, first witness only, expanded mode. */
    Analysis.Options analysis() {
        return Analysis.Options.defaults(bound).withTimeout(timeoutSeconds).withUniqueKeys(uniqueKeys)
                .withKeysBelowCounters(keysBelowCounters);
    }
}
