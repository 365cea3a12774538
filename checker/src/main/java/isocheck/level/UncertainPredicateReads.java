package isocheck.level;

import isocheck.history.History;

/**
 * A checker that does not call a history consistent when some predicate-read row's observed version
 * is known only within a range ({@link isocheck.history.PredicateRead.Row#uncertain}): the history
 * then carries only the edges every version of the range gives, so a violation found is one of the
 * real execution (more edges never remove a cycle or an axiom's failure), but consistency is not
 * shown, and the answer is unknown with the reason.
 */
record UncertainPredicateReads(LevelChecker checker) implements LevelChecker {
    @Override
    public Level level() {
        return checker.level();
    }

    @Override
    public Verdict check(History history) {
        Verdict v = checker.check(history);
        int n = history.uncertainPredicateRows();
        if (v instanceof Verdict.Consistent c && n > 0) {
            return new Verdict.Unknown(
                    c.level(),
                    n
                            + (n == 1 ? " predicate-read row" : " predicate-read rows")
                            + " whose observed version the recorder could not pin down (a row"
                            + " changed while the statement evaluated its WHERE clause, a row it"
                            + " did not see that was both inserted and deleted, a row a LIMIT or"
                            + " SKIP LOCKED may have left out: checker/FORMAT.md, \"Predicate"
                            + " reads\"): consistent without the edges it may add",
                    c.explain());
        }
        return v;
    }
}
