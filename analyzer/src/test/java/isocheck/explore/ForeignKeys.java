package isocheck.explore;

import isocheck.program.Constraint;
import isocheck.program.Program;
import isocheck.program.StatementFacts;
import isocheck.program.Table;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

/**
 * The schema's FOREIGN KEYs in the explorers' initial states: a database's initial state is a
 * committed one, so each of its non-NULL references to a parent's primary key names an alive parent
 * (PostgreSQL manual §5.5.5). The explorers of the databases' levels start only from such states,
 * as the encoder assumes (ForeignKeyRules); references to other columns are not checked, as the
 * encoder states nothing for them.
 */
final class ForeignKeys {

    private ForeignKeys() {}

    /** Whether the key references exactly the parent's primary key. */
    static boolean referencesPrimaryKey(Table parent, Constraint.ForeignKey fk) {
        return fk.columns().size() == fk.referenced().size()
                && parent.primaryKey().size() == fk.referenced().size()
                && new HashSet<>(parent.primaryKey()).containsAll(fk.referenced());
    }

    /** Whether every alive row of the state has its primary-key parents alive. */
    static boolean holdIn(Program program, Map<RecordId, Map<String, Object>> state) {
        for (var e : state.entrySet()) {
            RecordId r = e.getKey();
            Map<String, Object> fields = e.getValue();
            if (!ProgramInterpreter.ALIVE.equals(fields.get(StatementFacts.ALIVE))) continue;
            Table t = program.schema().table(r.table()).orElseThrow();
            for (Constraint c : t.constraints()) {
                if (!(c instanceof Constraint.ForeignKey fk)) continue;
                Table parent = program.schema().table(fk.table()).orElse(null);
                if (parent == null || !referencesPrimaryKey(parent, fk)) continue;
                List<Object> key = new ArrayList<>();
                boolean nullRef = false;
                for (String k : parent.primaryKey()) {
                    String col = fk.columns().get(fk.referenced().indexOf(k));
                    Object val =
                            t.isKey(col)
                                    ? r.key().get(t.primaryKey().indexOf(col))
                                    : fields.get(col);
                    if (val == null) nullRef = true;
                    key.add(val);
                }
                if (nullRef) continue;
                Map<String, Object> p = state.get(new RecordId(parent.name(), key));
                if (p == null || !ProgramInterpreter.ALIVE.equals(p.get(StatementFacts.ALIVE)))
                    return false;
            }
        }
        return true;
    }
}
