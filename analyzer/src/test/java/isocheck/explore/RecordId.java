package isocheck.explore;

import java.util.List;

/** A record: its table and primary-key values (paper §3.2, R = PK → Z: a record is its key). */
record RecordId(String table, List<Object> key) {
    @Override
    public String toString() {
        return table + key;
    }
}
