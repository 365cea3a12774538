package isocheck.program;

/**
 * A name a transaction reads: a parameter, a local (assigned by SELECT … INTO, an aggregate, {@code
 * :=} or CHOOSE) or a FOREACH variable. {@code loopDepth} is the paper's D(v): the number of loops
 * enclosing its assignment (0 for parameters), which decides how the encoder indexes it.
 */
public record Variable(String name, Kind kind, Type type, int loopDepth, SourcePos pos) {

    public enum Kind {
        PARAMETER,
        LOCAL,
        LOOP
    }
}
