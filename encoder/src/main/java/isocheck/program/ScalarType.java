package isocheck.program;

/**
 * The value types of fields, parameters and expressions. The paper (§3.1) has integers only;
 * strings are added because real schemas (TPC-C's customer last name, Courseware's names) compare
 * them for equality. Strings support comparison but no arithmetic.
 */
public enum ScalarType {
    INT,
    STRING;

    /** The SQL spelling used in listings. */
    public String sqlName() {
        return this == INT ? "INT" : "VARCHAR";
    }
}
