package isocheck.weakest;

import isocheck.query.Analysis;
import isocheck.query.KnownUnsat;
import isocheck.query.TypeSequence;
import isocheck.spec.Spec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The unsatisfiable cycle queries of one search over related specs of one program, each with the
 * spec it was asked under, reused as {@link KnownUnsat} for the specs asked later: a query that is
 * unsatisfiable under W is unsatisfiable under every S that entails W (every execution S allows, W
 * allows: paper §3.3, the argument {@link WeakestSpecs} already skips whole specs by). Satisfiable
 * answers are never reused (a cycle under W says nothing about a stronger S), so the queries still
 * asked, their canonical models and the witnesses are those of the unpruned search.
 *
 * <p>The encoder reads a spec beyond its axioms ({@code Encoder#forSpec}: statement snapshots,
 * PostgreSQL's row-lock rule; universal specs are expanded, others quantified), so an answer is
 * only reused between specs that agree on those: the query is then φ_{T,Ψ} ∧ φ_D ∧ φ_Cycle,k with
 * only Ψ different. One instance serves one search, whose queries share one {@code
 * Analysis.Options} without a type filter ({@code SearchOptions#analysis}): a query over all types
 * is then the plain one, not restricted to a multiset of types.
 *
 * @param <S> what names a spec of the search: a spec name ({@code weakest}) or an {@link
 *     Assignment} ({@code weakest --per-transaction})
 */
final class UnsatQueries<S> {

    /** Whether {@code stronger} entails {@code weaker} on the transactions of the query. */
    @FunctionalInterface
    interface Entailment<S> {
        /**
         * @param seq the query's type sequence (its transactions have only these types), or null
         *     for a query over transactions of any type
         */
        boolean entails(S stronger, S weaker, TypeSequence seq);
    }

    /** What the encoder reads of a spec besides its axioms; answers are reused only within one. */
    private record EncoderFlags(
            boolean statementSnapshots,
            boolean firstRead,
            List<String> databases,
            boolean universal) {
        static EncoderFlags of(Spec s) {
            return new EncoderFlags(
                    s.hasStatementSnapshots(),
                    s.firstReadSnapshot(),
                    s.databases(),
                    s.isUniversal());
        }
    }

    /** An unsatisfiable query: length, type sequence (null: all types), the spec asked under. */
    private record Entry<S>(int k, TypeSequence seq, S spec, EncoderFlags flags) {}

    private final Entailment<S> entailment;
    private final List<Entry<S>> entries = new ArrayList<>();

    UnsatQueries(Entailment<S> entailment) {
        this.entailment = entailment;
    }

    /**
     * Records the unsatisfiable queries of {@code o}, asked under {@code spec} ({@code asked} its
     * spec as the encoder read it). With {@code --all} a query asked again after blocking clauses
     * can be unsatisfiable when the query itself is not, so a (length, sequence) counts only when
     * no call of it had another answer.
     */
    void learn(S spec, Spec asked, Analysis.Outcome o) {
        Map<List<Object>, Boolean> unsat = new LinkedHashMap<>();
        Map<List<Object>, Analysis.Query> first = new LinkedHashMap<>();
        for (Analysis.Query q : o.queries()) {
            List<Object> key = java.util.Arrays.asList(q.k(), q.sequence());
            unsat.merge(key, q.unsatisfiable(), Boolean::logicalAnd);
            first.putIfAbsent(key, q);
        }
        EncoderFlags flags = EncoderFlags.of(asked);
        for (var e : unsat.entrySet()) {
            if (!e.getValue()) continue;
            Analysis.Query q = first.get(e.getKey());
            entries.add(new Entry<>(q.k(), q.sequence(), spec, flags));
        }
    }

    /** The queries known unsatisfiable under {@code spec}. */
    KnownUnsat under(S spec, Spec asked) {
        return over(entries, spec, asked);
    }

    /**
     * As {@link #under}, over the queries learned so far only (a copy): for an analysis on another
     * thread while this search goes on learning ({@link SpeculativeAnalysis}).
     */
    KnownUnsat snapshotUnder(S spec, Spec asked) {
        return over(List.copyOf(entries), spec, asked);
    }

    private KnownUnsat over(List<Entry<S>> entries, S spec, Spec asked) {
        EncoderFlags flags = EncoderFlags.of(asked);
        return (k, seq) -> {
            for (Entry<S> e : entries) {
                if (e.k() != k || !e.flags().equals(flags)) continue;
                // a query over all types that is unsatisfiable covers each type sequence of its
                // length; a type sequence covers only itself
                if (e.seq() != null && !Objects.equals(e.seq(), seq)) continue;
                if (entailment.entails(spec, e.spec(), seq)) return true;
            }
            return false;
        };
    }

    int size() {
        return entries.size();
    }
}
