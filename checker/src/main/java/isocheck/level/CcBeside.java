package isocheck.level;

import isocheck.history.History;
import isocheck.primitive.Parallel;

/**
 * The CC check that a level with transitive visibility implies (PC, PSI, SI, SER, ...), run on a
 * second thread while {@link ExactChecker} takes its first steps (the transaction model, the known
 * graph, the guessed version order), which it would otherwise take after it. The checker joins it
 * before any step beyond those (the search) and before returning, and a CC violation then replaces
 * whatever those steps found, so the verdict is the one of running CC first. The steps beside it
 * only read the history (immutable); an exception they throw on a history that is not CC is dropped
 * when CC is violated. At 10^6 transactions the check takes seconds, the first steps more (RESULTS,
 * stop 28). Small histories ({@link Parallel#parts}) and {@code ISOCHECK_THREADS=1} run it first,
 * inline, as before.
 */
final class CcBeside {
    private Parallel.Task task;
    private Verdict verdict; // written by the task, read after join (Thread.join orders them)
    private long doneAt;

    /** No CC check (the level does not imply CC); {@link #doneAt} is {@code at}. */
    static CcBeside none(long at) {
        CcBeside cc = new CcBeside();
        cc.doneAt = at;
        return cc;
    }

    /** Starts CC's check of {@code h}: beside the caller on a large history, else now. */
    static CcBeside start(History h, CheckOptions options) {
        CcBeside cc = new CcBeside();
        cc.task =
                Parallel.start(
                        Parallel.parts(h.opCount()) > 1,
                        () -> {
                            cc.verdict =
                                    LevelChecker.of(
                                                    Level.CC,
                                                    new CheckOptions(options.maxWitnesses()))
                                            .check(h);
                            cc.doneAt = System.nanoTime();
                        });
        return cc;
    }

    /** Waits for the check, rethrowing its failure; its verdict, or null if none was run. */
    Verdict join() {
        if (task != null) {
            task.join();
        }
        return verdict;
    }

    /** When the check ended (after {@link #join}). */
    long doneAt() {
        return doneAt;
    }
}
