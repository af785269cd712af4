package io.github.metatilefanout.benchmark.report;

import io.github.metatilefanout.benchmark.serve.Strategy;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;

/**
 * One throughput scenario, the same for every strategy compared in it.
 *
 * @param hits cache-hit ratio in percent
 * @param metatile metatile shape, such as {@code 4x4}
 * @param clients simultaneous clients, as given ({@code 1}, {@code cores}, {@code 4xcores})
 * @param pool pool size of the strategies that have a pool, as given
 * @param format {@code png} or {@code png8}
 */
public record Scenario(int hits, String metatile, String clients, String pool, String format) {

    /** Orders scenarios by format, metatile, hits, clients and pool. */
    public static final Comparator<Scenario> ORDER = Comparator.comparing(Scenario::format)
            .thenComparing(s -> tilesPerMetatile(s.metatile()))
            .thenComparingInt(Scenario::hits)
            .thenComparingInt(s -> Counts.resolve(s.clients()))
            .thenComparingInt(s -> Counts.resolve(s.pool()));

    /** The scenario a throughput trial ran. */
    static Scenario of(Measurement m) {
        return new Scenario(
                Integer.parseInt(m.param("hits")),
                m.param("metatile"),
                m.param("clients"),
                m.param("pool"),
                m.param("format"));
    }

    /**
     * The parameters a trial of {@code strategy} has in this scenario: strategies without a pool ran with
     * pool 0, and direct, which caches nothing, with no hits and the first metatile shape.
     */
    Map<String, String> paramsFor(Strategy strategy) {
        Map<String, String> params = new HashMap<>();
        params.put("strategy", strategy.toString());
        params.put("clients", clients);
        params.put("format", format);
        if (strategy.caches()) {
            params.put("hits", Integer.toString(hits));
            params.put("metatile", metatile);
        }
        if (strategy.hasPool()) {
            params.put("pool", pool);
        }
        return params;
    }

    /** A short label: {@code 75% 4x4 8 clients pool 4 png}. */
    public String label() {
        return hits + "% " + metatile + " " + Counts.resolve(clients) + " cl. pool " + Counts.resolve(pool) + " "
                + format;
    }

    /** Tiles in a metatile of shape {@code metatile}, such as {@code 4x4}. */
    static int tilesPerMetatile(String metatile) {
        String[] factors = metatile.split("x");
        return Integer.parseInt(factors[0]) * Integer.parseInt(factors[1]);
    }
}
