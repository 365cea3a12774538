package isocheck.encoding;

import isocheck.program.StatementFacts;
import isocheck.program.Transaction;
import java.util.ArrayList;
import java.util.List;

/**
 * A candidate dependency between two statements (paper §4.3: one disjunct η_{c1,c2} of
 * φ_{R→,T1,T2}): {@code kind} from statement c1 of T1 to statement c2 of T2 on one field of one
 * table. For WR c1 writes and c2 reads, for WW both write, for RW c1 reads and c2 writes.
 */
public record Conflict(
        DepKind kind,
        String table,
        String field,
        Transaction t1,
        StatementFacts c1,
        Transaction t2,
        StatementFacts c2) {

    public boolean firstWrites() {
        return kind != DepKind.RW;
    }

    public boolean secondWrites() {
        return kind != DepKind.WR;
    }

    public String describe() {
        return t1.name()
                + "."
                + c1.id()
                + " -"
                + kind.lower()
                + "("
                + table
                + "."
                + field
                + ")-> "
                + t2.name()
                + "."
                + c2.id();
    }

    /**
     * Every candidate of every kind between every pair of statements of every pair of transaction
     * types.
     */
    public static List<Conflict> all(ProgramModel model) {
        List<Conflict> out = new ArrayList<>();
        for (var f1 : model.transactions()) {
            for (StatementFacts c1 : f1.statements()) {
                for (var f2 : model.transactions()) {
                    for (StatementFacts c2 : f2.statements()) {
                        if (!c1.table().equals(c2.table())) continue;
                        for (DepKind kind : DepKind.values()) {
                            var fields1 =
                                    kind == DepKind.RW
                                            ? model.readFields(c1)
                                            : model.writeFields(c1);
                            var fields2 =
                                    kind == DepKind.WR
                                            ? model.readFields(c2)
                                            : model.writeFields(c2);
                            for (String field : fields1) {
                                if (fields2.contains(field)) {
                                    out.add(
                                            new Conflict(
                                                    kind,
                                                    c1.table(),
                                                    field,
                                                    f1.transaction(),
                                                    c1,
                                                    f2.transaction(),
                                                    c2));
                                }
                            }
                        }
                    }
                }
            }
        }
        return out;
    }
}
