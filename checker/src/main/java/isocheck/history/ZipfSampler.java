package isocheck.history;

import java.util.random.RandomGenerator;

/**
 * Zipf-distributed indices in [0, n), P(i) ∝ 1 / (i+1)^s, by inverting the cumulative distribution
 * (a table built once, then a binary search per draw). Shared by the history generators and the
 * JDBC runner's parameter generator, so that "Zipf keys" means one thing everywhere.
 */
public final class ZipfSampler {

    private final double[] cdf;

    public ZipfSampler(int n, double s) {
        if (n < 1) {
            throw new IllegalArgumentException("a Zipf range needs at least one value, got " + n);
        }
        cdf = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += 1 / Math.pow(i + 1, s);
            cdf[i] = sum;
        }
        for (int i = 0; i < n; i++) {
            cdf[i] /= sum;
        }
    }

    public int next(RandomGenerator rnd) {
        double u = rnd.nextDouble();
        int lo = 0;
        int hi = cdf.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cdf[mid] < u) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
