package isocheck.encoding;

import com.microsoft.z3.BoolExpr;

/** One named conjunct of an encoding (named after the paper's formula it implements). */
public record Part(String name, BoolExpr formula) {}
