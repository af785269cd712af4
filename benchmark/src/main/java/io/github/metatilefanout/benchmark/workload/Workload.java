package io.github.metatilefanout.benchmark.workload;

import io.github.metatilefanout.benchmark.render.MapData;
import io.github.metatilefanout.benchmark.render.MapFeature;
import io.github.metatilefanout.benchmark.render.MetatileGrid;
import io.github.metatilefanout.benchmark.render.WebMercator;
import io.github.metatilefanout.engine.Metatile;
import io.github.metatilefanout.engine.TileKey;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

/**
 * Reproducible tile requests over the busier half of the full metatiles at zoom {@value #FIRST_ZOOM} and
 * {@value #LAST_ZOOM} (most border points), in a seeded order, exactly {@code hitPercent} hits in every 100:
 * a hit asks for a tile of {@value #SEEDED_LAYER}, seeded before measuring; a miss for a tile of a metatile
 * nobody has asked for (each pass over the metatiles in a layer of its own, {@code ne-pass-N}).
 */
public final class Workload {

    public static final String SEEDED_LAYER = "ne-seeded";

    /** The seed every benchmark uses: they all ask for the same metatiles. */
    public static final long SEED = 20250101L;

    public static final String MISS_LAYER_PREFIX = "ne-pass-";

    static final int FIRST_ZOOM = 6;
    static final int LAST_ZOOM = 7;
    private static final int MAX_METATILES = 64;
    private static final int SEEDED_TILES = 384;
    private static final int HIT_SEQUENCE = 1024;

    private final List<Metatile> metatiles;
    private final List<Metatile> seeded;
    private final List<TileKey> seededTiles;
    private final boolean[] hitPattern = new boolean[100];
    private final int[] hitSequence;
    private final AtomicLong misses = new AtomicLong();

    public Workload(MetatileGrid geometry, int hitPercent, long seed) {
        if (hitPercent < 0 || hitPercent > 100) {
            throw new IllegalArgumentException("hitPercent is " + hitPercent + "; allowed range is 0 to 100");
        }
        this.metatiles = pickMetatiles(geometry, new Random(seed));
        int perMetatile = geometry.metaWide() * geometry.metaHigh();
        this.seeded = metatiles.subList(0, Math.min(metatiles.size(), Math.max(1, SEEDED_TILES / perMetatile)));
        this.seededTiles = seeded.stream()
                .flatMap(m -> IntStream.range(0, m.tileCount()).mapToObj(m::tile))
                .toList();
        this.hitSequence =
                new Random(seed + 1).ints(HIT_SEQUENCE, 0, seededTiles.size()).toArray();
        List<Integer> order = new ArrayList<>(IntStream.range(0, 100).boxed().toList());
        Collections.shuffle(order, new Random(seed + 2));
        for (int i = 0; i < 100; i++) {
            hitPattern[i] = order.get(i) < hitPercent;
        }
    }

    /** The metatiles to seed before measuring. */
    public List<Metatile> seededMetatiles() {
        return seeded;
    }

    /** Whether request number {@code i} asks for a seeded tile. */
    public boolean isHit(long i) {
        return hitPattern[(int) (i % 100)];
    }

    /** Request number {@code i}: a seeded tile or {@link #nextMiss()}. */
    public TileKey request(long i) {
        if (isHit(i)) {
            return seededTiles.get(hitSequence[(int) (i % HIT_SEQUENCE)]);
        }
        return nextMiss();
    }

    /** A tile of a metatile not asked for before. */
    public TileKey nextMiss() {
        long miss = misses.getAndIncrement();
        Metatile metatile = metatiles.get((int) (miss % metatiles.size()));
        long pass = miss / metatiles.size();
        TileKey tile = metatile.tile((int) ((miss * 37) % metatile.tileCount()));
        return new TileKey(MISS_LAYER_PREFIX + pass, tile.gridSet(), tile.format(), null, tile.x(), tile.y(), tile.z());
    }

    /** The metatile miss {@code n} asks for, in {@value #SEEDED_LAYER}. */
    public Metatile metatile(long n) {
        return metatiles.get((int) (n % metatiles.size()));
    }

    /** The busier half of the full metatiles by country outline points, shuffled. */
    private static List<Metatile> pickMetatiles(MetatileGrid geometry, Random random) {
        List<Map.Entry<Metatile, Integer>> candidates = new ArrayList<>();
        for (int z = FIRST_ZOOM; z <= LAST_ZOOM; z++) {
            Map<Long, Integer> points = outlinePointsPerMetatile(geometry, z);
            long across = WebMercator.tilesAcross(z);
            for (long x = 0; x + geometry.metaWide() <= across; x += geometry.metaWide()) {
                for (long y = 0; y + geometry.metaHigh() <= across; y += geometry.metaHigh()) {
                    Integer count = points.get(metatileIndex(geometry, x, y));
                    if (count != null) {
                        TileKey origin = new TileKey(SEEDED_LAYER, WebMercator.GRID_SET, "png", null, x, y, z);
                        candidates.add(Map.entry(geometry.metatileOf(origin), count));
                    }
                }
            }
        }
        if (candidates.isEmpty()) {
            throw new IllegalStateException("No metatile of " + geometry + " holds any country outline");
        }
        candidates.sort(Map.Entry.<Metatile, Integer>comparingByValue().reversed());
        List<Metatile> busier = new ArrayList<>();
        for (Map.Entry<Metatile, Integer> candidate : candidates.subList(0, (candidates.size() + 1) / 2)) {
            busier.add(candidate.getKey());
        }
        Collections.shuffle(busier, random);
        return List.copyOf(busier.subList(0, Math.min(MAX_METATILES, busier.size())));
    }

    /** Outline points of every country, counted per metatile of zoom {@code z}. */
    private static Map<Long, Integer> outlinePointsPerMetatile(MetatileGrid geometry, int z) {
        Map<Long, Integer> counts = new HashMap<>();
        long across = WebMercator.tilesAcross(z);
        for (MapFeature country : MapData.forZoom(z).countries()) {
            for (MapFeature.Ring ring : country.rings()) {
                double[] points = ring.points();
                for (int i = 0; i < points.length; i += 2) {
                    long column = Math.min(across - 1, (long) (points[i] * across));
                    long rowFromTop = Math.min(across - 1, (long) (points[i + 1] * across));
                    counts.merge(metatileIndex(geometry, column, across - 1 - rowFromTop), 1, Integer::sum);
                }
            }
        }
        return counts;
    }

    private static long metatileIndex(MetatileGrid geometry, long x, long y) {
        return (x / geometry.metaWide()) * (1L << 32) + y / geometry.metaHigh();
    }
}
