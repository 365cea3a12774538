package isocheck.program;

/** One {@code column [ASC|DESC]} of a SELECT's ORDER BY. */
public record OrderKey(String column, boolean descending) {

    public String text() {
        return column + (descending ? " DESC" : " ASC");
    }
}
