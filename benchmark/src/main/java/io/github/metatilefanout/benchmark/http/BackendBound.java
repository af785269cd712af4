package io.github.metatilefanout.benchmark.http;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * The physical bound of a first tile: the backend's own GetMap of a metatile, timed from this client, and
 * one tile of it encoded as PNG by the JDK's ImageIO writer with its default settings (GeoWebCache's PNG
 * writer). Decoding the GetMap's image is timed too, though the bound leaves it out.
 *
 * @param getMaps one answer per metatile: the GetMap's time and status
 * @param decodeMillis the median time to read a GetMap's image
 * @param encodeMillis the median time to cut a tile out of the image and encode it
 */
public record BackendBound(PhaseResult getMaps, double decodeMillis, double encodeMillis) {

    /**
     * GetMaps of {@code warmUp} then of {@code timed} (the same metatiles a cache is timed on), one at a time;
     * every tile of each encoded. Only {@code timed} is counted.
     *
     * @throws IOException if the backend answers anything but a 200 with an image
     */
    public static BackendBound measure(
            HttpClient http, Duration timeout, MetatileGetMap getMap, List<Metatile> warmUp, List<Metatile> timed)
            throws IOException, InterruptedException {
        List<Answer> answers = new ArrayList<>();
        List<Double> decodes = new ArrayList<>();
        List<Double> encodes = new ArrayList<>();
        for (Metatile metatile : warmUp) {
            render(http, timeout, getMap, metatile, new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        }
        long busy = 0;
        for (Metatile metatile : timed) {
            busy += render(http, timeout, getMap, metatile, answers, decodes, encodes);
        }
        String name = String.format(
                Locale.ROOT,
                "backend GetMap %dx%d px",
                timed.get(0).width() * Tile.SIZE + 2 * getMap.gutter(),
                timed.get(0).height() * Tile.SIZE + 2 * getMap.gutter());
        return new BackendBound(
                new PhaseResult(name, answers, busy, timed.size(), timed.size()), median(decodes), median(encodes));
    }

    /** The median GetMap plus the median encode of one tile, in milliseconds. */
    public double boundMillis() {
        return getMaps.percentileMillis(50) + encodeMillis;
    }

    /** One line: the GetMaps' percentiles, the median decode and encode, the bound. */
    public String line() {
        return String.format(
                Locale.ROOT,
                "%s, %d metatiles: p50 %.1f ms, p90 %.1f ms; decode p50 %.1f ms; one tile's PNG encode p50 %.2f ms;"
                        + " bound (GetMap p50 + encode p50) %.1f ms, x 1.10 = %.1f ms",
                getMaps.name(),
                getMaps.metatiles(),
                getMaps.percentileMillis(50),
                getMaps.percentileMillis(90),
                decodeMillis,
                encodeMillis,
                boundMillis(),
                1.10 * boundMillis());
    }

    private static double median(List<Double> nanos) {
        return PhaseResult.percentile(nanos.stream().mapToDouble(n -> n / 1e6).toArray(), 50);
    }

    /** One GetMap, its image decoded and every tile encoded; returns the GetMap's time. */
    private static long render(
            HttpClient http,
            Duration timeout,
            MetatileGetMap getMap,
            Metatile metatile,
            List<Answer> answers,
            List<Double> decodes,
            List<Double> encodes)
            throws IOException, InterruptedException {
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
        answers.add(new Answer(nanos, response.statusCode(), null, false));
        start = System.nanoTime();
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(response.body()));
        decodes.add((double) (System.nanoTime() - start));
        for (int i = 0; i < metatile.size(); i++) {
            start = System.nanoTime();
            Rectangle tile = getMap.pixels(metatile, i);
            ByteArrayOutputStream png = new ByteArrayOutputStream(32 * 1024);
            ImageIO.write(image.getSubimage(tile.x, tile.y, tile.width, tile.height), "png", png);
            encodes.add((double) (System.nanoTime() - start));
        }
        return nanos;
    }
}
