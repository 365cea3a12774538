package isocheck.explore;

import isocheck.program.Constraint;
import isocheck.program.Program;
import isocheck.program.StatementFacts;
import isocheck.program.Table;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

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

    /**
     * The parent record a row references through fk, the row's columns read by {@code column}:
     * empty when the key references other columns than the parent's primary key, or a column is
     * NULL (MATCH SIMPLE: not checked).
     */
    static Optional<RecordId> parent(
            Table parent, Constraint.ForeignKey fk, Function<String, Object> column) {
        if (!referencesPrimaryKey(parent, fk)) return Optional.empty();
        List<Object> key = new ArrayList<>();
        for (String k : parent.primaryKey()) {
            Object val = column.apply(fk.columns().get(fk.referenced().indexOf(k)));
            if (val == null) return Optional.empty();
            key.add(val);
        }
        return Optional.of(new RecordId(parent.name(), key));
    }

    /** Whether every alive row of the state has its primary-key parents alive. */
    static boolean holdIn(Program program, Map<RecordId, Map<String, Object>> state) {
        for (var e : state.entrySet()) {
            RecordId r = e.getKey();
            Map<String, Object> fields = e.getValue();
            if (!ProgramInterpreter.ALIVE.equals(fields.get(StatementFacts.ALIVE))) continue;
            Table t = program.schema().table(r.table()).orElseThrow();
            Function<String, Object> column = col -> r.column(t, col, fields::get);
            for (Constraint c : t.constraints()) {
                if (!(c instanceof Constraint.ForeignKey fk)) continue;
                Table parent = program.schema().table(fk.table()).orElse(null);
                if (parent == null) continue;
                Optional<RecordId> ref = parent(parent, fk, column);
                if (ref.isEmpty()) continue;
                Map<String, Object> p = state.get(ref.get());
                if (p == null || !ProgramInterpreter.ALIVE.equals(p.get(StatementFacts.ALIVE)))
                    return false;
            }
        }
        return true;
    }
}
