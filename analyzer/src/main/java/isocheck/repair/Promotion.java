package isocheck.repair;

import isocheck.program.RowLock;
import isocheck.program.SourcePos;

/**
 * One statement change: the SELECT {@code statement} of transaction type {@code type} gets the
 * locking clause {@code FOR strength} (promotion, Fekete, Liarokapis, O'Neil, O'Neil, Shasha, TODS
 * 2005, §"promotion"; Vandevoort, Ketsman, Koch, Neven, VLDB 2021 promote reads to make a workload
 * robust against READ COMMITTED). Under PostgreSQL's rules a locking read holds its row lock to
 * commit, so every anti-dependency from it goes forward in the commit order
 * (docs/postgresql-levels.md §5). {@code id} is the statement's id in its type (S1, S2, …), which
 * promotions do not change; {@code pos} is where it starts in the original file.
 */
public record Promotion(
        String type, String id, RowLock.Strength strength, String sql, SourcePos pos) {

    /** {@code Type.S2}: the statement, as witnesses name it. */
    public String statement() {
        return type + "." + id;
    }

    /** The clause appended to the statement. */
    public String clause() {
        return " FOR " + strength;
    }

    @Override
    public String toString() {
        return statement() + " (" + pos.fileLine() + ") +" + clause();
    }
}
