package io.github.metatilefanout.benchmark.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.imageio.ImageIO;

/**
 * A WMTS tile cache on 127.0.0.1 that renders web mercator metatiles of a fixed size: the first request for
 * a tile of an uncached metatile renders it (one "Request: getMap" line in its log) and stores all its
 * tiles; answers carry GeoWebCache's cache-result header. At {@code /geoserver/wms}, a WMS that answers every
 * GetMap with a transparent PNG of the size asked for.
 */
final class StubTileServer implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(20);
    private final int metaWidth;
    private final int metaHeight;
    private final Path log;
    private final Set<List<Long>> stored = new HashSet<>();
    private final List<List<Long>> rendered = new ArrayList<>();
    private final List<String> truncateBodies = new ArrayList<>();
    private final List<String> getMapSizes = new ArrayList<>();

    StubTileServer(int metaWidth, int metaHeight, Path log) throws IOException {
        this.metaWidth = metaWidth;
        this.metaHeight = metaHeight;
        this.log = log;
        Files.writeString(log, "start\n");
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.createContext("/geoserver/gwc/service/wmts", this::tile);
        server.createContext("/geoserver/gwc/rest/masstruncate", this::truncate);
        server.createContext("/geoserver/wms", this::getMap);
        server.setExecutor(threads);
        server.start();
    }

    String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/geoserver";
    }

    /** The metatiles rendered, as {z, min x, min y}, in order. */
    synchronized List<List<Long>> rendered() {
        return List.copyOf(rendered);
    }

    synchronized List<String> truncateBodies() {
        return List.copyOf(truncateBodies);
    }

    /** The image sizes the WMS was asked for, as {@code WIDTHxHEIGHT}, in order. */
    synchronized List<String> getMapSizes() {
        return List.copyOf(getMapSizes);
    }

    private void getMap(HttpExchange exchange) throws IOException {
        Map<String, String> query = query(exchange.getRequestURI());
        int width = Integer.parseInt(query.get("WIDTH"));
        int height = Integer.parseInt(query.get("HEIGHT"));
        synchronized (this) {
            getMapSizes.add(width + "x" + height);
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(width, height, BufferedImage.TYPE_4BYTE_ABGR), "png", png);
        exchange.getResponseHeaders().add("Content-Type", "image/png");
        exchange.sendResponseHeaders(200, png.size());
        try (OutputStream out = exchange.getResponseBody()) {
            png.writeTo(out);
        }
    }

    private void tile(HttpExchange exchange) throws IOException {
        Map<String, String> query = query(exchange.getRequestURI());
        String matrix = query.get("TILEMATRIX");
        int z = Integer.parseInt(matrix.substring(matrix.lastIndexOf(':') + 1));
        long x = Long.parseLong(query.get("TILECOL"));
        long y = (1L << z) - 1 - Long.parseLong(query.get("TILEROW"));
        String result = lookUp(z, x, y);
        byte[] body = "tile".getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("geowebcache-cache-result", result);
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private synchronized String lookUp(int z, long x, long y) throws IOException {
        if (stored.contains(List.of((long) z, x, y))) {
            return "HIT";
        }
        long minX = x / metaWidth * metaWidth;
        long minY = y / metaHeight * metaHeight;
        rendered.add(List.of((long) z, minX, minY));
        Files.writeString(
                log, "22:00 INFO [geoserver.wms] - \nRequest: getMap\n    Width = 1024\n", StandardOpenOption.APPEND);
        for (long dy = 0; dy < metaHeight; dy++) {
            for (long dx = 0; dx < metaWidth; dx++) {
                stored.add(List.of((long) z, minX + dx, minY + dy));
            }
        }
        return "MISS";
    }

    private void truncate(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        synchronized (this) {
            truncateBodies.add(exchange.getRequestHeaders().getFirst("Authorization") + " " + body);
            stored.clear();
        }
        exchange.sendResponseHeaders(200, -1);
        exchange.close();
    }

    private static Map<String, String> query(URI uri) {
        Map<String, String> query = new HashMap<>();
        for (String pair : uri.getRawQuery().split("&")) {
            int equals = pair.indexOf('=');
            query.put(
                    pair.substring(0, equals),
                    java.net.URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
        }
        return query;
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
