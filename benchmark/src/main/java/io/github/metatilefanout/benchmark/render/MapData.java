package io.github.metatilefanout.benchmark.render;

import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * Natural Earth land and countries in normalised web-mercator positions: 1:110m for zoom 0 to 2, 1:50m for
 * 3 to 5, 1:10m from 6; read once per JVM from {@code ne-<scale>.bin.gz}, which {@code
 * benchmark/data-prep/convert.mjs} writes (see there for the format).
 */
public record MapData(List<MapFeature> land, List<MapFeature> countries) {

    private static final int MAGIC = 0x4E454D31;
    private static final double UNITS_PER_DEGREE = 1e5;
    private static final Map<String, MapData> LOADED = new HashMap<>();

    /** The map drawn at zoom level {@code z}. */
    public static MapData forZoom(int z) {
        synchronized (LOADED) {
            return LOADED.computeIfAbsent(z < 3 ? "110m" : z < 6 ? "50m" : "10m", MapData::read);
        }
    }

    private static MapData read(String scale) {
        String name = "ne-" + scale + ".bin.gz";
        try (InputStream resource = MapData.class.getResourceAsStream(name)) {
            if (resource == null) {
                throw new IllegalStateException("Map resource " + name + " is missing from the class path");
            }
            DataInputStream in = new DataInputStream(new BufferedInputStream(new GZIPInputStream(resource, 1 << 16)));
            if (in.readInt() != MAGIC) {
                throw new IOException("Map resource " + name + " does not start with the expected magic number");
            }
            List<MapFeature> land = List.of();
            List<MapFeature> countries = List.of();
            int layers = in.readInt();
            for (int i = 0; i < layers; i++) {
                String layer = in.readUTF();
                List<MapFeature> features = readFeatures(in);
                switch (layer) {
                    case "land" -> land = features;
                    case "countries" -> countries = features;
                    default -> throw new IOException("Unknown layer '" + layer + "' in map resource " + name);
                }
            }
            return new MapData(land, countries);
        } catch (IOException e) {
            throw new UncheckedIOException("Reading map resource " + name + " failed", e);
        }
    }

    private static List<MapFeature> readFeatures(DataInputStream in) throws IOException {
        int count = in.readInt();
        List<MapFeature> features = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String name = in.readUTF();
            Point2D label = new Point2D.Double(
                    WebMercator.x(in.readInt() / UNITS_PER_DEGREE), WebMercator.y(in.readInt() / UNITS_PER_DEGREE));
            int ringCount = in.readInt();
            List<MapFeature.Ring> rings = new ArrayList<>(ringCount);
            Rectangle2D bounds = null;
            for (int r = 0; r < ringCount; r++) {
                MapFeature.Ring ring = readRing(in);
                rings.add(ring);
                bounds = bounds == null ? ring.bounds() : bounds.createUnion(ring.bounds());
            }
            features.add(new MapFeature(name, rings, bounds, label));
        }
        return List.copyOf(features);
    }

    private static MapFeature.Ring readRing(DataInputStream in) throws IOException {
        double[] points = new double[2 * in.readInt()];
        long lon = 0;
        long lat = 0;
        double minX = Double.POSITIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double maxY = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < points.length; i += 2) {
            lon += readZigZag(in);
            lat += readZigZag(in);
            double x = WebMercator.x(lon / UNITS_PER_DEGREE);
            double y = WebMercator.y(lat / UNITS_PER_DEGREE);
            points[i] = x;
            points[i + 1] = y;
            minX = Math.min(minX, x);
            minY = Math.min(minY, y);
            maxX = Math.max(maxX, x);
            maxY = Math.max(maxY, y);
        }
        return new MapFeature.Ring(points, new Rectangle2D.Double(minX, minY, maxX - minX, maxY - minY));
    }

    private static long readZigZag(DataInputStream in) throws IOException {
        long value = 0;
        int shift = 0;
        int b;
        do {
            b = in.readUnsignedByte();
            value |= (long) (b & 0x7F) << shift;
            shift += 7;
        } while ((b & 0x80) != 0);
        return (value >>> 1) ^ -(value & 1);
    }
}
