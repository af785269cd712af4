package io.github.metatilefanout.geowebcache;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBuffer;
import java.awt.image.IndexColorModel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.imageio.ImageIO;

/**
 * A WMS on 127.0.0.1 for the tests, on the first free port from {@value #FIRST_PORT}: draws the same map, in map
 * coordinates, for any GetMap (EPSG:4326 bounding boxes, PNG with transparency, as RGBA or with a palette, or
 * JPEG), counts GetMaps, and can hold them, fail them or answer another size than asked.
 */
final class TestWms implements AutoCloseable {

    static final int FIRST_PORT = 18651;
    static final int LAST_PORT = 18699;

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(32);
    private final AtomicInteger getMaps = new AtomicInteger();
    private final List<String> getMapSizes = new CopyOnWriteArrayList<>();
    private volatile CountDownLatch gate = new CountDownLatch(0);
    private volatile CountDownLatch held = new CountDownLatch(0);
    private volatile int failureStatus;
    private volatile boolean serviceExceptions;
    private volatile boolean palettes;
    private volatile int extraWidth;

    private TestWms(HttpServer server) {
        this.server = server;
        server.createContext("/wms", this::answer);
        server.setExecutor(threads);
        server.start();
    }

    static TestWms start() throws IOException {
        for (int port = FIRST_PORT; port <= LAST_PORT; port++) {
            try {
                return new TestWms(
                        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 64));
            } catch (BindException e) {
                // taken, try the next one
            }
        }
        throw new IOException("No free port from " + FIRST_PORT + " to " + LAST_PORT);
    }

    /** The GetMap URL to give GeoWebCache. */
    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/wms";
    }

    /** The GetMaps received so far. */
    int getMaps() {
        return getMaps.get();
    }

    /** The image sizes asked for by the GetMaps after the first {@code before}, in order, as {@code WIDTHxHEIGHT}. */
    List<String> getMapSizesAfter(int before) {
        return List.copyOf(getMapSizes.subList(before, getMapSizes.size()));
    }

    /** Holds the next GetMaps until {@link #release}. */
    void hold() {
        held = new CountDownLatch(1);
        gate = new CountDownLatch(1);
    }

    /** Waits until a GetMap is being held. */
    void awaitHeld() throws InterruptedException {
        if (!held.await(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("No GetMap arrived within 30 s");
        }
    }

    void release() {
        gate.countDown();
    }

    /** Answers every GetMap with this HTTP status, or normally again with 0. */
    void failWith(int status) {
        failureStatus = status;
    }

    /** Answers every GetMap with an OGC service exception (HTTP 200, XML), or normally again with false. */
    void answerServiceExceptions(boolean exceptions) {
        serviceExceptions = exceptions;
    }

    /** Answers PNG GetMaps with a 4-bit palette and a transparent entry, or as RGBA again with false. */
    void answerWithPalettes(boolean palettes) {
        this.palettes = palettes;
    }

    /** Answers every GetMap with an image {@code extra} pixels wider than asked, or as asked again with 0. */
    void answerWider(int extra) {
        extraWidth = extra;
    }

    /** Answers every GetMap normally again, at once. */
    void reset() {
        failWith(0);
        answerServiceExceptions(false);
        answerWithPalettes(false);
        answerWider(0);
        release();
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
            if (!"GetMap".equalsIgnoreCase(query.get("REQUEST"))) {
                exchange.sendResponseHeaders(400, -1);
                return;
            }
            getMapSizes.add(query.get("WIDTH") + "x" + query.get("HEIGHT"));
            getMaps.incrementAndGet();
            held.countDown();
            if (!gate.await(60, TimeUnit.SECONDS)) {
                exchange.sendResponseHeaders(503, -1);
                return;
            }
            if (failureStatus != 0) {
                exchange.sendResponseHeaders(failureStatus, -1);
            } else if (serviceExceptions) {
                send(
                        exchange,
                        "application/vnd.ogc.se_xml",
                        "<ServiceExceptionReport><ServiceException>map failed".getBytes(StandardCharsets.UTF_8));
            } else {
                String format = query.get("FORMAT");
                send(exchange, format, draw(query, format, palettes, extraWidth));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void send(HttpExchange exchange, String contentType, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /** Land, a graticule and a few cities, drawn antialiased in EPSG:4326 into the bounding box asked for. */
    private static byte[] draw(Map<String, String> query, String format, boolean palette, int extraWidth)
            throws IOException {
        int width = Integer.parseInt(query.get("WIDTH")) + extraWidth;
        int height = Integer.parseInt(query.get("HEIGHT"));
        String[] bbox = query.get("BBOX").split(",");
        double minX = Double.parseDouble(bbox[0]);
        double minY = Double.parseDouble(bbox[1]);
        double maxX = Double.parseDouble(bbox[2]);
        double maxY = Double.parseDouble(bbox[3]);
        boolean png = format.startsWith("image/png");
        BufferedImage image =
                new BufferedImage(width, height, png ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            if (!png || "FALSE".equalsIgnoreCase(query.get("TRANSPARENT"))) {
                g.setColor(new Color(0xa8d8f0));
                g.fillRect(0, 0, width, height);
            }
            AffineTransform toPixels = new AffineTransform(
                    width / (maxX - minX),
                    0,
                    0,
                    -height / (maxY - minY),
                    -minX * width / (maxX - minX),
                    maxY * height / (maxY - minY));
            g.setColor(new Color(0x7fb069));
            g.fill(toPixels.createTransformedShape(continent(-168, 72, -52, 8)));
            g.fill(toPixels.createTransformedShape(continent(-82, 12, -34, -56)));
            g.fill(toPixels.createTransformedShape(continent(-18, 72, 150, -36)));
            g.setColor(new Color(0x40404080, true));
            g.setStroke(new BasicStroke(1f));
            for (int degrees = -180; degrees <= 180; degrees += 10) {
                g.draw(toPixels.createTransformedShape(new Line2D.Double(degrees, -90, degrees, 90)));
                g.draw(toPixels.createTransformedShape(new Line2D.Double(-180, degrees / 2.0, 180, degrees / 2.0)));
            }
            g.setColor(new Color(0xc0392b));
            for (double[] city : new double[][] {{2.35, 48.86}, {-74.0, 40.7}, {139.7, 35.7}, {-43.2, -22.9}}) {
                g.fill(toPixels.createTransformedShape(new Ellipse2D.Double(city[0] - 1.5, city[1] - 1.5, 3, 3)));
            }
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(png && palette ? withPalette(image) : image, png ? "png" : "jpeg", out);
        return out.toByteArray();
    }

    /** {@code image} in a 4-bit palette: each pixel the nearest of the map's colours, or transparent. */
    private static BufferedImage withPalette(BufferedImage image) {
        int[] colours = {0x00000000, 0xffa8d8f0, 0xff7fb069, 0xff404040, 0xffc0392b, 0x80404040, 0xff5f8050};
        IndexColorModel palette = new IndexColorModel(4, colours.length, colours, 0, true, -1, DataBuffer.TYPE_BYTE);
        BufferedImage indexed =
                new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_BYTE_BINARY, palette);
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                indexed.getRaster().setSample(x, y, 0, nearest(image.getRGB(x, y), colours));
            }
        }
        return indexed;
    }

    private static int nearest(int argb, int[] colours) {
        int best = 0;
        long bestDistance = Long.MAX_VALUE;
        for (int i = 0; i < colours.length; i++) {
            long distance = 0;
            for (int shift = 0; shift < 32; shift += 8) {
                int difference = (argb >>> shift & 0xff) - (colours[i] >>> shift & 0xff);
                distance += (long) difference * difference;
            }
            if (distance < bestDistance) {
                best = i;
                bestDistance = distance;
            }
        }
        return best;
    }

    /** A blob spanning the box from (west, north) to (east, south). */
    private static Path2D continent(double west, double north, double east, double south) {
        double midX = (west + east) / 2;
        double midY = (north + south) / 2;
        Path2D.Double shape = new Path2D.Double();
        shape.moveTo(west, midY);
        shape.curveTo(west, north, midX, north + 4, east, north);
        shape.curveTo(east + 6, midY, east, south, midX, south);
        shape.curveTo(west - 5, south, west + 3, midY - 7, west, midY);
        shape.closePath();
        return shape;
    }

    private static Map<String, String> query(String rawQuery) {
        Map<String, String> parameters = new HashMap<>();
        for (String pair : rawQuery == null ? new String[0] : rawQuery.split("&")) {
            int equals = pair.indexOf('=');
            if (equals > 0) {
                parameters.put(
                        URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8)
                                .toUpperCase(Locale.ROOT),
                        URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
            }
        }
        return parameters;
    }

    @Override
    public void close() {
        release();
        server.stop(0);
        threads.shutdownNow();
    }
}
