package isocheck.explore;

import isocheck.program.Table;
import java.util.List;
import java.util.function.Function;

/** A record: its table and primary-key values (paper §3.2, R = PK → Z: a record is its key). */
record RecordId(String table, List<Object> key) {

    /** The value of key column {@code column} of table {@code t} (this record's table). */
    Object keyValue(Table t, String column) {
        return key.get(t.primaryKey().indexOf(column));
    }

    /** A column's value: a key column's from the key, another's from {@code field}. */
    Object column(Table t, String column, Function<String, Object> field) {
        return t.isKey(column) ? keyValue(t, column) : field.apply(column);
    }

    @Override
    public String toString() {
        return table + key;
    }
}
