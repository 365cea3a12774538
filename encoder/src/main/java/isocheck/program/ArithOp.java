package isocheck.program;

/** Integer arithmetic of the paper's ⊕ (§3.1). */
public enum ArithOp {
    ADD("+"),
    SUB("-"),
    MUL("*"),
    DIV("/");

    private final String symbol;

    ArithOp(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }
}
