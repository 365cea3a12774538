package isocheck.run;

import isocheck.program.Cond;
import isocheck.program.Table;
import java.util.ArrayList;
import java.util.List;

/**
 * The recording pre- and post-reads of UPDATE and DELETE ({@link SqlGen} compiles the statements
 * themselves): the queries that show which rows of a WHERE clause's key part the statement matched
 * and which it did not, and the evaluation note a dialect folds into the statement.
 */
final class PredicateSql {
    private final SqlGen gen;

    PredicateSql(SqlGen gen) {
        this.gen = gen;
    }

    /**
     * The predicate description of a recorded UPDATE or DELETE: when its WHERE clause reads non-key
     * columns, the query of the rows of its key part with the database's verdict on each (SQL's
     * unknown counts as not matching, as in WHERE), run just before it (or in it, {@link
     * SqlDialect#withPreRead}) so that the rows it does not match are seen too, and the query of
     * the same rows run after it when the pre-read does not decide what it saw ({@link
     * StatementExecutor}).
     */
    Compiled.Predicate predicate(
            Table t,
            Cond where,
            boolean broadened,
            boolean writesVersion,
            List<String> image,
            List<String> old) {
        String preRead = null;
        String postRead = null;
        List<Compiled.Param> preParams = new ArrayList<>();
        List<Compiled.Param> postParams = new ArrayList<>();
        if (!gen.predicateColumns.keyOnly(t, where)) {
            String keyPart = gen.cond(gen.predicateColumns.keyPart(t, where), preParams);
            String matches = gen.cond(where, preParams);
            preRead =
                    "SELECT "
                            + String.join(", ", t.primaryKey())
                            + ", "
                            + SqlGen.PRED_VERSION
                            + ", CASE WHEN "
                            + matches
                            + " THEN 1 ELSE 0 END FROM "
                            + t.name()
                            + " WHERE "
                            + keyPart
                            + gen.dialect.complementLock();
            postRead =
                    "SELECT "
                            + String.join(", ", t.primaryKey())
                            + ", "
                            + SqlGen.PRED_VERSION
                            + ", "
                            + gen.dialect.lockedByThisTransaction()
                            + " FROM "
                            + t.name()
                            + " WHERE "
                            + gen.cond(gen.predicateColumns.keyPart(t, where), postParams);
        }
        return new Compiled.Predicate(
                broadened,
                writesVersion,
                image,
                SqlGen.types(t, image),
                old,
                preRead,
                preParams,
                false,
                postRead,
                postParams,
                true);
    }

    /**
     * A recorded UPDATE's or DELETE's WHERE clause: with the evaluation note ({@link
     * SqlDialect#evaluationNote}) when it reads non-key columns (the one that has a pre-read) and
     * the dialect has one, as is otherwise.
     */
    String noted(Table t, Cond where, List<Compiled.Param> params) {
        if (!gen.record
                || gen.predicateColumns.keyOnly(t, where)
                || gen.dialect.evaluationNote("", "", "") == null) {
            return gen.cond(where, params);
        }
        List<String> items = new ArrayList<>(t.primaryKey());
        items.add(SqlGen.PRED_VERSION);
        String keyPart = gen.cond(gen.predicateColumns.keyPart(t, where), params);
        return gen.dialect.evaluationNote(
                String.join(", ", items), keyPart, gen.cond(where, params));
    }

    /**
     * {@code c} with its pre-read folded into its statement where the dialect can ({@link
     * SqlDialect#withPreRead}; the pre-read's parameters come first, as its text does).
     */
    Compiled withPreRead(Compiled c, int returned) {
        Compiled.Predicate p = c.predicate();
        if (p == null || p.preReadSql() == null || c.fetchSql() != null) {
            return c;
        }
        String sql =
                gen.dialect.withPreRead(
                        p.preReadSql(), c.sql(), returned, c.table().primaryKey().size() + 2);
        if (sql == null) {
            return c;
        }
        List<Compiled.Param> params = new ArrayList<>(p.preReadParams());
        params.addAll(c.params());
        Compiled.Predicate folded =
                new Compiled.Predicate(
                        p.broadened(),
                        p.writesVersion(),
                        p.image(),
                        p.imageTypes(),
                        p.old(),
                        p.preReadSql(),
                        p.preReadParams(),
                        true,
                        p.postReadSql(),
                        p.postReadParams(),
                        p.decided());
        return new Compiled(
                c.stmt(),
                c.kind(),
                c.table(),
                sql,
                params,
                c.columns(),
                c.columnTypes(),
                c.reads(),
                c.recorded(),
                folded);
    }
}
