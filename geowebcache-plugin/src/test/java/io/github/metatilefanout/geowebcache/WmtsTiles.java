package io.github.metatilefanout.geowebcache;

import com.thoughtworks.xstream.XStream;
import org.geowebcache.config.BlobStoreInfo;
import org.geowebcache.config.ContextualConfigurationProvider;
import org.geowebcache.config.XMLConfiguration;
import org.geowebcache.s3.S3BlobStoreConfigProvider;

/**
 * The tests' layers in {@code geowebcache.xml}, and WMTS requests for their tiles. Every layer is in EPSG:4326
 * with 4x4 metatiles; at zoom 2 (8 x 4 tiles) that is two metatiles, columns 0 to 3 and 4 to 7.
 */
final class WmtsTiles {

    static final String WORLD = "world";
    /** {@link #WORLD} with a gutter of 16 pixels. */
    static final String WORLD_GUTTER = "world-gutter";
    /** {@link #WORLD} with a gutter of 16 pixels, cached at zoom levels 0 and 1 only. */
    static final String WORLD_CACHED_TO_1 = "world-cached-to-1";
    /** {@link #WORLD}, never cached (expire cache -1). */
    static final String WORLD_UNCACHED = "world-uncached";
    /** {@link #WORLD}, its stored tiles stale after an hour (expire cache 3600). */
    static final String WORLD_EXPIRING = "world-expiring";
    /** {@link #WORLD} with a format modifier for PNG: the WMS is asked for an opaque image. */
    static final String WORLD_MODIFIED = "world-modified";

    static final String PNG = "image/png";
    static final String JPEG = "image/jpeg";

    private WmtsTiles() {}

    /** A {@code geowebcache.xml} with the tests' layers on the WMS at {@code wmsUrl}, taking locks from {@code lockProvider}. */
    static String configuration(String wmsUrl, String lockProvider) {
        return configuration(wmsUrl, lockProvider, "");
    }

    /**
     * A {@code geowebcache.xml} with the tests' layers on the WMS at {@code wmsUrl}, taking locks from {@code
     * lockProvider}, with {@code blobStores} (the elements of {@code <blobStores>}; none: GeoWebCache's file blob
     * store in the cache directory).
     */
    static String configuration(String wmsUrl, String lockProvider, String blobStores) {
        return """
                <?xml version="1.0" encoding="utf-8"?>
                <gwcConfiguration xmlns="http://geowebcache.org/schema/2.0.0">
                  <version>1.8.0</version>
                  <backendTimeout>120</backendTimeout>
                  <lockProvider>%2$s</lockProvider>
                  %9$s
                  <layers>
                    %3$s
                    %4$s
                    %5$s
                    %6$s
                    %7$s
                    %8$s
                  </layers>
                </gwcConfiguration>
                """
                .formatted(
                        wmsUrl,
                        lockProvider,
                        layer(WORLD, wmsUrl, "<gridSubset><gridSetName>EPSG:4326</gridSetName></gridSubset>", ""),
                        layer(
                                WORLD_GUTTER,
                                wmsUrl,
                                "<gridSubset><gridSetName>EPSG:4326</gridSetName></gridSubset>",
                                "<gutter>16</gutter>"),
                        layer(
                                WORLD_CACHED_TO_1,
                                wmsUrl,
                                "<gridSubset><gridSetName>EPSG:4326</gridSetName>"
                                        + "<minCachedLevel>0</minCachedLevel><maxCachedLevel>1</maxCachedLevel></gridSubset>",
                                "<gutter>16</gutter>"),
                        layer(
                                WORLD_UNCACHED,
                                wmsUrl,
                                "<gridSubset><gridSetName>EPSG:4326</gridSetName></gridSubset>",
                                "<expireCache>-1</expireCache>"),
                        layer(
                                WORLD_EXPIRING,
                                wmsUrl,
                                "<gridSubset><gridSetName>EPSG:4326</gridSetName></gridSubset>",
                                "<expireCache>3600</expireCache>"),
                        layer(
                                WORLD_MODIFIED,
                                wmsUrl,
                                "<gridSubset><gridSetName>EPSG:4326</gridSetName></gridSubset>",
                                "<formatModifiers><formatModifier><responseFormat>image/png</responseFormat>"
                                        + "<transparent>false</transparent></formatModifier></formatModifiers>"),
                        blobStores.isEmpty() ? "" : "<blobStores>" + blobStores + "</blobStores>");
    }

    /**
     * {@code store} as an element of {@code <blobStores>}, written by GeoWebCache's own XStream set-up for its
     * configuration file (with its S3 blob store's aliases).
     */
    static String blobStore(BlobStoreInfo store) {
        XStream xstream = XMLConfiguration.getConfiguredXStreamWithContext(
                new XStream(), null, ContextualConfigurationProvider.Context.PERSIST);
        return new S3BlobStoreConfigProvider().getConfiguredXStream(xstream).toXML(store);
    }

    private static String layer(String name, String wmsUrl, String gridSubset, String extra) {
        return """
                <wmsLayer>
                  <name>%s</name>
                  <mimeFormats><string>image/png</string><string>image/jpeg</string></mimeFormats>
                  <gridSubsets>%s</gridSubsets>
                  %s
                  <metaWidthHeight><int>4</int><int>4</int></metaWidthHeight>
                  <wmsUrl><string>%s</string></wmsUrl>
                  <wmsLayers>world</wmsLayers>
                </wmsLayer>"""
                .formatted(name, gridSubset, extra, wmsUrl);
    }

    /** The WMTS GetTile path of tile {@code (x, y)} of zoom {@code z}, {@code y} counted upwards as in the grid. */
    static String getTile(String layer, String format, long x, long y, int z) {
        long rows = 1L << (z);
        return "/service/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=" + layer + "&STYLE=&FORMAT=" + format
                + "&TILEMATRIXSET=EPSG:4326&TILEMATRIX=EPSG:4326:" + z + "&TILEROW=" + (rows - 1 - y) + "&TILECOL="
                + x;
    }
}
