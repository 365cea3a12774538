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

    /** Vars(T): parameters first, then locals. */
    public Optional<Variable> variable(String name) {
        return parameters.stream()
                .filter(v -> v.name().equals(name))
                .findFirst()
                .or(() -> locals.stream().filter(v -> v.name().equals(name)).findFirst());
    }
}
