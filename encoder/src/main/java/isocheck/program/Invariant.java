package isocheck.program;

/**
 * An initial-state invariant the program file declares (a comment pragma, so the file still loads
 * into a database unchanged):
 *
 * <pre>-- @isocheck invariant orders.o_id &lt; district.d_next_o_id</pre>
 *
 * Every alive row of {@code table} has key column {@code column} below field {@code counterField}
 * of the {@code counterTable} row its other key columns name (TPC-C §3.3.2.3, consistency condition
 * 3: "D_NEXT_O_ID - 1 = max(O_ID)"). The encoder assumes it where the column is drawn from that
 * counter ({@code isocheck.encoding.CounterKey}); {@code isocheck run} checks it against the
 * database it populates.
 */
public record Invariant(
        String table, String column, String counterTable, String counterField, SourcePos pos) {

    /** As written in the pragma. */
    public String text() {
        return table + "." + column + " < " + counterTable + "." + counterField;
    }
}
