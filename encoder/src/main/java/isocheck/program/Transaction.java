package isocheck.program;

import java.util.List;
import java.util.Optional;

/**
 * A transaction program {@code Tname(vlist){c}} (paper §3.1): its parameters, every local and loop
 * variable it assigns (resolved and typed at load time) and its body.
 */
public record Transaction(
        String name,
        List<Variable> parameters,
        List<Variable> locals,
        List<Stmt> body,
        SourcePos pos) {

    public Transaction {
        parameters = List.copyOf(parameters);
        locals = List.copyOf(locals);
        body = List.copyOf(body);
    }

    /**
     * Vars(T): parameters first, then locals. Loops, not streams: the encoder asks this for every
     * variable reference of every rule it instantiates (15 % of the Java samples of TPC-C's {@code
     * weakest --per-transaction} were these streams; benchmarks/RESULTS.md, stop 26).
     */
    public Optional<Variable> variable(String name) {
        for (Variable v : parameters) if (v.name().equals(name)) return Optional.of(v);
        for (Variable v : locals) if (v.name().equals(name)) return Optional.of(v);
        return Optional.empty();
    }
}
