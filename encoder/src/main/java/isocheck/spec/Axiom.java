package isocheck.spec;

import isocheck.program.SourcePos;
import java.util.List;
import java.util.Optional;

/**
 * One closed formula of a spec. {@code origin} is the spec file that wrote it (after includes are
 * resolved an axiom of {@code si} may come from {@code psi}); {@code observer} is the variable
 * whose view the axiom constrains, if the author declared one; {@code restrictedTo} lists the
 * transaction types the axiom was restricted to by {@code include NAME for T, ...} (empty:
 * unrestricted), in which case {@code formula} already contains the restriction.
 */
public record Axiom(
        String name,
        String origin,
        String observer,
        Formula formula,
        SourcePos position,
        List<String> restrictedTo) {
    public Axiom {
        restrictedTo = List.copyOf(restrictedTo);
    }

    public Optional<String> observerVariable() {
        return Optional.ofNullable(observer);
    }

    /** {@code origin.name} plus {@code [for T, ...]} when restricted. */
    public String qualifiedName() {
        return origin
                + "."
                + name
                + (restrictedTo.isEmpty() ? "" : " [for " + String.join(", ", restrictedTo) + "]");
    }

    @Override
    public String toString() {
        return qualifiedName() + ": " + formula;
    }
}
