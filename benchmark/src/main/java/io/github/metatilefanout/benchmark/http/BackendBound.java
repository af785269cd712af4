package io.github.metatilefanout.benchmark.http;

import static io.github.metatilefanout.benchmark.http.PhaseResult.format;

import io.github.metatilefanout.benchmark.http.PhaseResult.Answer;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * The physical bound of a first tile: the backend's own GetMap of a metatile, timed from this client, plus
 * one tile of it encoded by the JDK's PNG writer with its defaults (GeoWebCache's). Decoding the image is
 * timed too, though the bound leaves it out. Times are medians.
 */
public record BackendBound(PhaseResult getMaps, double decodeMillis, double encodeMillis) {

    /** The WMS 1.1.1 GetMap a cache sends for a metatile: its tiles plus {@code gutter} pixels on every side. */
    public record GetMap(String wms, String layer, TileGrid grid, String format, int gutter) {

        /** The GetMap of {@code metatile}. */
        public URI of(Metatile metatile) {
            double[] low = grid.bounds(metatile.tile(0));
            double[] high = grid.bounds(metatile.tile(metatile.size() - 1));
            double margin = gutter * (low[2] - low[0]) / Tile.SIZE;
            String box = PhaseResult.format(
                    "%.6f,%.6f,%.6f,%.6f", low[0] - margin, low[1] - margin, high[2] + margin, high[3] + margin);
            return URI.create(wms + "?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=" + TileClient.encode(layer)
                    + "&STYLES=&SRS=" + TileClient.encode(grid.srs()) + "&BBOX=" + box + "&WIDTH="
                    + (metatile.width() * Tile.SIZE + 2 * gutter) + "&HEIGHT="
                    + (metatile.height() * Tile.SIZE + 2 * gutter)
                    + "&FORMAT=" + TileClient.encode(format) + "&TRANSPARENT=TRUE");
        }

        /** Where tile {@code index} of {@code metatile} ({@link Metatile#tile(int)}) lies in the image. */
        public Rectangle pixels(Metatile metatile, int index) {
            int column = index % metatile.width();
            int rowFromTop = metatile.height() - 1 - index / metatile.width();
            return new Rectangle(gutter + column * Tile.SIZE, gutter + rowFromTop * Tile.SIZE, Tile.SIZE, Tile.SIZE);
        }
    }

    /**
     * GetMaps of {@code warmUp}, then of {@code timed}, one at a time, every tile of each encoded; only {@code
     * timed} is counted. Fails unless the backend answers a 200 with an image.
     */
    public static BackendBound measure(
            HttpClient http, Duration timeout, GetMap getMap, List<Metatile> warmUp, List<Metatile> timed)
            throws IOException, InterruptedException {
        List<Answer> answers = new ArrayList<>();
        List<Double> decodes = new ArrayList<>();
        List<Double> encodes = new ArrayList<>();
        long busy = 0;
        List<Metatile> all = new ArrayList<>(warmUp);
        all.addAll(timed);
        for (int m = 0; m < all.size(); m++) {
            Metatile metatile = all.get(m);
            HttpRequest request = HttpRequest.newBuilder(getMap.of(metatile))
                    .timeout(timeout)
                    .GET()
                    .build();
            long start = System.nanoTime();
            HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            long nanos = System.nanoTime() - start;
            String type = response.headers().firstValue("Content-Type").orElse("");
            if (response.statusCode() != 200 || !type.startsWith("image/")) {
                throw new IOException(request.uri() + " answered " + response.statusCode() + " " + type);
            }
            start = System.nanoTime();
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(response.body()));
            double decode = System.nanoTime() - start;
            List<Double> tiles = new ArrayList<>();
            for (int i = 0; i < metatile.size(); i++) {
                start = System.nanoTime();
                Rectangle tile = getMap.pixels(metatile, i);
                BufferedImage sub = image.getSubimage(tile.x, tile.y, tile.width, tile.height);
                ImageIO.write(sub, "png", new ByteArrayOutputStream(32 * 1024));
                tiles.add((double) (System.nanoTime() - start));
            }
            if (m >= warmUp.size()) {
                busy += nanos;
                answers.add(new Answer(nanos, response.statusCode(), null, false));
                decodes.add(decode);
                encodes.addAll(tiles);
            }
        }
        Metatile first = timed.get(0);
        String name = "backend GetMap " + (first.width() * Tile.SIZE + 2 * getMap.gutter()) + "x"
                + (first.height() * Tile.SIZE + 2 * getMap.gutter()) + " px";
        PhaseResult getMaps = new PhaseResult(name, answers, busy, timed.size(), timed.size(), Map.of());
        return new BackendBound(getMaps, median(decodes), median(encodes));
    }

    /** The median GetMap plus the median encode of one tile, in milliseconds. */
    public double boundMillis() {
        return getMaps.percentileMillis(50) + encodeMillis;
    }

    /** One line: the GetMaps' percentiles, the median decode and encode, the bound. */
    public String line() {
        double bound = boundMillis();
        return getMaps.name() + ", " + getMaps.metatiles() + " metatiles: "
                + format("p50 %.1f ms, p90 %.1f ms; ", getMaps.percentileMillis(50), getMaps.percentileMillis(90))
                + format("decode p50 %.1f ms; one tile's PNG encode p50 %.2f ms; ", decodeMillis, encodeMillis)
                + format("bound (GetMap p50 + encode p50) %.1f ms, x 1.10 = %.1f ms", bound, 1.10 * bound);
    }

    private static double median(List<Double> nanos) {
        return PhaseResult.percentile(nanos.stream().mapToDouble(n -> n / 1e6).toArray(), 50);
    }
}
