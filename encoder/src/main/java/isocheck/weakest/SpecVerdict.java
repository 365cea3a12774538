package isocheck.weakest;

import isocheck.query.Analysis;
import java.util.List;

/**
 * One row of {@code isocheck weakest}: a spec, its bounded result, the queries that gave it, and
 * whether it is proved for every execution.
 */
public record SpecVerdict(
        String spec,
        BoundedResult bounded,
        List<Analysis.Query> queries,
        long millis,
        ProofStatus proof) {

    SpecVerdict withProof(ProofStatus p) {
        return new SpecVerdict(spec, bounded, queries, millis, p);
    }
}
