package isocheck.frontend;

import isocheck.program.ScalarType;
import isocheck.program.SourcePos;
import isocheck.program.Type;
import isocheck.program.Variable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The names a transaction body can read while it is being parsed: parameters, locals (declared by
 * their first assignment, PL/pgSQL-style without DECLARE) and the FOREACH variables of the
 * enclosing loops. It also tracks definite assignment, so reading a local that some path leaves
 * unassigned is a load-time error rather than a NULL at run time.
 */
final class Scope {

    private final Map<String, Variable> parameters = new LinkedHashMap<>();
    private final Map<String, Variable> locals = new LinkedHashMap<>();
    private final List<String> openLoops = new ArrayList<>();
    private Set<String> assigned = new HashSet<>();
    private Set<String> sequences = Set.of();

    /** The sequences the file creates, which {@code nextval} may name ({@link Sequences}). */
    void sequences(Set<String> names) {
        sequences = names;
    }

    Set<String> sequences() {
        return sequences;
    }

    void declareParameter(String rawName, Type type, SourcePos pos) {
        String name = Names.of(rawName);
        if (parameters.containsKey(name)) {
            throw new ProgramError(pos, "duplicate parameter " + name);
        }
        parameters.put(name, new Variable(name, Variable.Kind.PARAMETER, type, 0, pos));
    }

    /**
     * A parameter the front-end adds (a transaction's clock, a keyless table's row identity), once:
     * its name holds a '$', which no SQL name the program writes can (PL/pgSQL's $n are aliases).
     */
    void declareHiddenParameter(String name, ScalarType type, SourcePos pos) {
        if (!parameters.containsKey(name)) {
            parameters.put(
                    name,
                    new Variable(name, Variable.Kind.PARAMETER, new Type.Scalar(type), 0, pos));
        }
    }

    /** Whether a statement being translated is inside a FOREACH / FOR body. */
    boolean inLoop() {
        return !openLoops.isEmpty();
    }

    // ------------------------------------------------------------------ PL/pgSQL

    /**
     * PL/pgSQL mode: variables are written bare inside SQL (no {@code :}), {@code $n} names the
     * n-th parameter, {@code FOUND} tests the last query, and a DECLAREd scalar that a SELECT …
     * INTO fills is assigned through a hidden row set (so it stays a scalar for {@code :=}).
     */
    private boolean plpgsql;

    private final Map<String, String> aliases = new LinkedHashMap<>();

    /** DECLAREd names: true for a scalar type, false for RECORD / %ROWTYPE. */
    private final Map<String, Boolean> declared = new LinkedHashMap<>();

    /** The row set FOUND tests (non-empty), or null with the reason FOUND cannot be used here. */
    private String foundSource;

    private String foundUnusable = "FOUND is read before any query sets it";
    private int hidden;

    void plpgsql(boolean on) {
        this.plpgsql = on;
    }

    boolean plpgsql() {
        return plpgsql;
    }

    /** {@code $n} (written {@code _n} to JSqlParser) stands for the parameter. */
    void alias(String rawAlias, String parameter) {
        aliases.put(Names.of(rawAlias), Names.of(parameter));
    }

    void declare(String rawName, boolean scalar, SourcePos pos) {
        String name = Names.of(rawName);
        if (parameters.containsKey(name) || declared.containsKey(name)) {
            throw new ProgramError(pos, "duplicate declaration of " + name);
        }
        declared.put(name, scalar);
    }

    /** Names declared BOOLEAN (held as INT 1/0): such a variable may stand alone as a condition. */
    private final Set<String> booleans = new HashSet<>();

    void markBoolean(String rawName) {
        booleans.add(Names.of(rawName));
    }

    boolean isBoolean(String rawName) {
        return booleans.contains(Names.of(aliases.getOrDefault(Names.of(rawName), rawName)));
    }

    boolean isDeclared(String rawName) {
        return declared.containsKey(Names.of(rawName));
    }

    /**
     * Whether a bare name is a PL/pgSQL variable (parameter, $n, DECLAREd, assigned, or an open
     * loop variable).
     */
    boolean isVariable(String rawName) {
        String name = Names.of(rawName);
        if (aliases.containsKey(name)
                || parameters.containsKey(name)
                || declared.containsKey(name)) {
            return true;
        }
        Variable local = locals.get(name);
        return local != null && (local.kind() != Variable.Kind.LOOP || openLoops.contains(name));
    }

    /**
     * The variable a {@code SELECT … INTO name} assigns: the name itself, or for a DECLAREd scalar
     * a hidden row set the caller then copies into it ({@code name := hidden}). FOUND then tests
     * it.
     */
    String intoTarget(String rawName) {
        String name = Names.of(aliases.getOrDefault(Names.of(rawName), rawName));
        String target =
                plpgsql && Boolean.TRUE.equals(declared.get(name)) ? hiddenName(name) : name;
        found(target);
        return target;
    }

    /** A fresh name no program can write (PL/pgSQL identifiers do not contain '$'). */
    String hiddenName(String base) {
        String name;
        do {
            name = base + "$" + (++hidden);
        } while (locals.containsKey(name) || parameters.containsKey(name));
        return name;
    }

    /** The last query's row set, which FOUND tests. */
    void found(String rowSet) {
        foundSource = rowSet;
        foundUnusable = null;
        foundWhenEmpty = false;
    }

    /**
     * FOUND after {@code INSERT … ON CONFLICT DO NOTHING}: the row was inserted, i.e. the key's
     * probe found none.
     */
    void foundWhenEmpty(String rowSet) {
        found(rowSet);
        foundWhenEmpty = true;
    }

    private boolean foundWhenEmpty;

    boolean foundWhenEmpty() {
        return foundWhenEmpty;
    }

    /**
     * FOUND is not modelled after this statement (UPDATE, INSERT, DELETE): reading it is an error.
     */
    void foundUnknown(String why) {
        foundSource = null;
        foundUnusable = why;
    }

    /**
     * What {@code GET DIAGNOSTICS n = ROW_COUNT} reads after the last statement: 1 when {@code
     * rowSet} is "" , else 1 when the row set is non-empty (empty, with {@code whenEmpty}), 0
     * otherwise; {@code rowSet} null: not known after {@code after}.
     */
    record RowCount(String rowSet, boolean whenEmpty, String after) {}

    private RowCount rowCount;

    void rowCount(RowCount rc) {
        rowCount = rc;
    }

    RowCount rowCount() {
        return rowCount;
    }

    /** What FOUND means at a point of the body, to save and restore around IF branches. */
    record FoundState(String source, String unusable, boolean whenEmpty) {}

    FoundState foundState() {
        return new FoundState(foundSource, foundUnusable, foundWhenEmpty);
    }

    void restoreFound(FoundState state) {
        foundSource = state.source();
        foundUnusable = state.unusable();
        foundWhenEmpty = state.whenEmpty();
    }

    String foundSource() {
        return foundSource;
    }

    String foundUnusable() {
        return foundUnusable;
    }

    /** Resolves a name being read. */
    Variable read(String rawName, SourcePos pos) {
        String name = Names.of(rawName);
        name = aliases.getOrDefault(name, name);
        Variable param = parameters.get(name);
        if (param != null) {
            return param;
        }
        Variable local = locals.get(name);
        if (local == null && plpgsql && name.matches("_\\d+")) {
            throw new ProgramError(
                    pos,
                    "there is no parameter $"
                            + name.substring(1)
                            + " (the routine has "
                            + parameters.size()
                            + ")");
        }
        if (local == null && declared.containsKey(name)) {
            throw new ProgramError(
                    pos,
                    "variable "
                            + name
                            + " may be read before it is assigned (PostgreSQL: it is NULL until then; assign it on every path first)");
        }
        if (local == null) {
            throw new ProgramError(pos, "unknown variable " + name);
        }
        if (local.kind() == Variable.Kind.LOOP && !openLoops.contains(name)) {
            throw new ProgramError(pos, "loop variable " + name + " is used outside its FOREACH");
        }
        if (local.kind() == Variable.Kind.LOCAL && !assigned.contains(name)) {
            throw new ProgramError(
                    pos,
                    "variable "
                            + name
                            + " may be read before it is assigned (assign it on every path first)");
        }
        return local;
    }

    /**
     * A record a SELECT … INTO from a join fills ({@link JoinRecord}): its fields of the earlier
     * tables → the hidden row set holding them (its last table's fields are its own).
     */
    private final Map<String, Map<String, String>> joinRecords = new LinkedHashMap<>();

    void joinRecord(String rawName, Map<String, String> fieldSets) {
        joinRecords.put(Names.of(rawName), Map.copyOf(fieldSets));
    }

    /** The hidden row set that holds {@code record.field}, or null if the record holds it. */
    String joinField(String rawRecord, String rawField) {
        String name = Names.of(aliases.getOrDefault(Names.of(rawRecord), rawRecord));
        Map<String, String> fields = joinRecords.get(name);
        return fields == null ? null : fields.get(Names.of(rawField));
    }

    /** Whether {@code rawName} is DECLAREd with a scalar type (not RECORD / %ROWTYPE). */
    boolean isDeclaredScalar(String rawName) {
        return Boolean.TRUE.equals(declared.get(Names.of(rawName)));
    }

    /**
     * Records an assignment ({@code SELECT … INTO}, {@code :=}, CHOOSE), declaring the local on
     * first use.
     */
    Variable assign(String rawName, Type type, SourcePos pos) {
        String name = Names.of(rawName);
        joinRecords.remove(name); // reassigned: a join's earlier fields no longer apply
        if (parameters.containsKey(name)) {
            throw new ProgramError(pos, "cannot assign to parameter " + name);
        }
        Variable existing = locals.get(name);
        if (existing != null && existing.kind() == Variable.Kind.LOOP) {
            throw new ProgramError(pos, "cannot assign to loop variable " + name);
        }
        if (existing != null && !existing.type().equals(type)) {
            throw new ProgramError(
                    pos,
                    "variable "
                            + name
                            + " holds "
                            + existing.type().describe()
                            + " (assigned at "
                            + existing.pos().lineColumn()
                            + "); cannot assign "
                            + type.describe()
                            + " to it");
        }
        Variable variable =
                existing != null
                        ? existing
                        : new Variable(name, Variable.Kind.LOCAL, type, openLoops.size(), pos);
        locals.putIfAbsent(name, variable);
        assigned.add(name);
        return variable;
    }

    /**
     * Opens a FOREACH; a loop variable may be reused by a later loop over rows of the same type.
     */
    void enterLoop(String rawName, Type.Row type, SourcePos pos) {
        String name = Names.of(rawName);
        if (parameters.containsKey(name)) {
            throw new ProgramError(
                    pos, "loop variable " + name + " hides a parameter of the same name");
        }
        Variable existing = locals.get(name);
        if (existing != null
                && (existing.kind() != Variable.Kind.LOOP
                        || openLoops.contains(name)
                        || !existing.type().equals(type))) {
            throw new ProgramError(
                    pos,
                    "loop variable "
                            + name
                            + " is already declared at "
                            + existing.pos().lineColumn()
                            + "; choose another name");
        }
        locals.putIfAbsent(
                name, new Variable(name, Variable.Kind.LOOP, type, openLoops.size() + 1, pos));
        openLoops.add(name);
    }

    void exitLoop() {
        openLoops.remove(openLoops.size() - 1);
    }

    /** The definitely-assigned set, to restore or intersect after a branch or loop body. */
    Set<String> snapshot() {
        return new HashSet<>(assigned);
    }

    void restore(Set<String> state) {
        assigned = new HashSet<>(state);
    }

    List<Variable> parameters() {
        return List.copyOf(parameters.values());
    }

    List<Variable> locals() {
        return List.copyOf(locals.values());
    }
}
