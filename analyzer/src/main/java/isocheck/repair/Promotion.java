package isocheck.repair;

import isocheck.program.RowLock;
import isocheck.program.SourcePos;
import java.util.Optional;

/**
 * One statement change: the SELECT {@code statement} of transaction type {@code type} gets the
 * locking clause {@code FOR strength} (promotion, Fekete, Liarokapis, O'Neil, O'Neil, Shasha, TODS
 * 2005, §"promotion"; Vandevoort, Ketsman, Koch, Neven, VLDB 2021 promote reads to make a workload
 * robust against READ COMMITTED). Under PostgreSQL's rules a locking read holds its row lock to
 * commit, so every anti-dependency from it goes forward in the commit order
 * (docs/postgresql-levels.md §5). {@code id} is the statement's id in its type (S1, S2, …), which
 * promotions do not change; {@code pos} is where it starts in the original file.
 *
 * <p>With {@code rewrite} present the statement is instead replaced by that text (its terminating
 * {@code ;} kept): a rewrite to the standard locking idiom where no clause can be appended, e.g.
 * {@code SELECT MIN(k) …} (PostgreSQL rejects FOR UPDATE with an aggregate) becomes {@code SELECT k
 * … ORDER BY k LIMIT 1 FOR UPDATE} ({@link RepairSearch#extremumRewrite}).
 */
public record Promotion(
        String type,
        String id,
        RowLock.Strength strength,
        String sql,
        SourcePos pos,
        Optional<String> rewrite) {

    /** A promotion: the locking clause appended. */
    public Promotion(String type, String id, RowLock.Strength strength, String sql, SourcePos pos) {
        this(type, id, strength, sql, pos, Optional.empty());
    }

    /** {@code Type.S2}: the statement, as witnesses name it. */
    public String statement() {
        return type + "." + id;
    }

    /** The clause appended to the statement. */
    public String clause() {
        return " FOR " + strength;
    }

    /** The change in one phrase: {@code FOR UPDATE}, or {@code rewritten as `…`}. */
    public String change() {
        return rewrite.map(r -> " rewritten as `" + r.replaceAll("\\s+", " ") + "`")
                .orElse(clause());
    }

    @Override
    public String toString() {
        return statement()
                + " ("
                + pos.fileLine()
                + ")"
                + rewrite.map(r -> "").orElse(" +")
                + change();
    }
}
