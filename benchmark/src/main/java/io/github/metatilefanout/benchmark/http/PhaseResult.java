package io.github.metatilefanout.benchmark.http;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * What one phase of a run measured.
 *
 * @param elapsedNanos what tiles/s is computed over: the phase's wall time (for a first-tile phase, the
 *     sum of its timed requests)
 * @param metatiles the uncached metatiles the phase asked for
 * @param getMaps the GetMaps the server dispatched during the phase, -1 when not counted
 * @param cpuMillis CPU time used during the phase per server ({@code peers.sh cpu}); empty when not measured
 */
public record PhaseResult(
        String name,
        List<Answer> answers,
        long elapsedNanos,
        int metatiles,
        long getMaps,
        Map<String, Long> cpuMillis) {

    /**
     * How one tile request ended.
     *
     * @param nanos time from sending to the last byte of the answer (or to the failure)
     * @param status the HTTP status, 0 when no answer came
     * @param cacheResult GeoWebCache's {@code geowebcache-cache-result} header (HIT, MISS, ...), or null
     */
    public record Answer(long nanos, int status, String cacheResult, boolean timedOut) {

        public boolean ok() {
            return status == 200;
        }

        public boolean hit() {
            return "HIT".equalsIgnoreCase(cacheResult);
        }
    }

    public PhaseResult {
        answers = List.copyOf(answers);
    }

    public long ok() {
        return answers.stream().filter(Answer::ok).count();
    }

    public long timeouts() {
        return answers.stream().filter(Answer::timedOut).count();
    }

    /** Requests answered with another status than 200, or that failed without an answer. */
    public long errors() {
        return answers.size() - ok() - timeouts();
    }

    public long cacheHits() {
        return answers.stream().filter(Answer::hit).count();
    }

    /** Whether some answer said if it was a cache hit; MapProxy's and MapCache's never do. */
    boolean cacheResultsKnown() {
        return answers.stream().anyMatch(a -> a.cacheResult() != null);
    }

    /** The {@code percent}-th percentile of the answered requests' times, in ms; NaN if none. */
    public double percentileMillis(double percent) {
        double[] millis = answers.stream()
                .filter(a -> a.status() > 0)
                .mapToDouble(a -> a.nanos() / 1e6)
                .toArray();
        return percentile(millis, percent);
    }

    /** The {@code percent}-th percentile (nearest rank) of {@code values}; NaN when there are none. */
    static double percentile(double[] values, double percent) {
        return values.length == 0
                ? Double.NaN
                : new Percentile()
                        .withEstimationType(Percentile.EstimationType.R_1)
                        .evaluate(values, percent);
    }

    /** Answers with a 200 per second of {@link #elapsedNanos()}. */
    public double tilesPerSecond() {
        return elapsedNanos == 0 ? Double.NaN : ok() * 1e9 / elapsedNanos;
    }

    /** GetMaps per uncached metatile, NaN when not counted or no metatile was asked for. */
    public double getMapsPerMetatile() {
        return getMaps < 0 || metatiles == 0 ? Double.NaN : (double) getMaps / metatiles;
    }

    /** CPU ms of {@code server}'s processes per uncached metatile, NaN when not measured. */
    public double cpuPerMetatile(String server) {
        Long millis = cpuMillis.get(server);
        return millis == null || metatiles == 0 ? Double.NaN : (double) millis / metatiles;
    }

    /** One line: counts, then the given percentiles, throughput and GetMaps per metatile. */
    public String line(double... percents) {
        StringBuilder text = new StringBuilder(format("%-34s requests %5d  ok %5d", name, answers.size(), ok()))
                .append(format("  errors %3d  timeouts %3d  cache hits ", errors(), timeouts()))
                .append(cacheResultsKnown() ? format("%5d", cacheHits()) : "  n/a");
        for (double p : percents) {
            text.append(format("  p%.0f %8.1f ms", p, percentileMillis(p)));
        }
        text.append(format("  tiles/s %7.1f  GetMaps/metatile ", tilesPerSecond()));
        String perMetatile = format("%.2f (%d over %d)", getMapsPerMetatile(), getMaps, metatiles);
        return text.append(getMaps < 0 ? "n/a" : perMetatile).toString();
    }

    /** {@code pattern} formatted the same on every machine. */
    static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
