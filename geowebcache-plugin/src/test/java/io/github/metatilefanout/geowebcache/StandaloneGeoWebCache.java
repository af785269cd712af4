package io.github.metatilefanout.geowebcache;

import static org.awaitility.Awaitility.await;

import io.github.metatilefanout.engine.FanoutMetrics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.geowebcache.GeoWebCacheDispatcher;
import org.geowebcache.storage.StorageBroker;
import org.geowebcache.storage.StorageException;
import org.geowebcache.storage.TileObject;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.mock.web.MockServletContext;
import org.springframework.web.context.support.XmlWebApplicationContext;

/**
 * A standalone GeoWebCache for the tests ({@code gwc-test-context.xml}), with or without the plugin's context,
 * asked for tiles as a client asks, through its dispatcher. Its cache directory holds the {@code geowebcache.xml}
 * it is started with and its blob store.
 *
 * <p>As GeoWebCache's web application does, it builds every bean twice: in a root context, and in the dispatcher
 * servlet's context below it, which serves the requests.
 */
final class StandaloneGeoWebCache implements AutoCloseable {

    static final String CONTEXT_PATH = "/geowebcache";
    private static final String PLUGIN_CONTEXT = "classpath:geowebcache-fanout-context.xml";

    private final XmlWebApplicationContext root;
    private final XmlWebApplicationContext context;
    private final Path cacheDirectory;

    private StandaloneGeoWebCache(
            XmlWebApplicationContext root, XmlWebApplicationContext context, Path cacheDirectory) {
        this.root = root;
        this.context = context;
        this.cacheDirectory = cacheDirectory;
    }

    /**
     * GeoWebCache as shipped, without the plugin.
     *
     * @param configuration the {@code geowebcache.xml} to write there, null to keep the one there
     */
    static StandaloneGeoWebCache stock(Path cacheDirectory, String configuration) throws IOException {
        return start(cacheDirectory, configuration, false, Map.of());
    }

    /** GeoWebCache with the plugin installed; {@code settings} are servlet context parameters. */
    static StandaloneGeoWebCache withPlugin(Path cacheDirectory, String configuration, Map<String, String> settings)
            throws IOException {
        return start(cacheDirectory, configuration, true, settings);
    }

    private static StandaloneGeoWebCache start(
            Path cacheDirectory, String configuration, boolean plugin, Map<String, String> parameters)
            throws IOException {
        if (configuration != null) {
            Files.writeString(cacheDirectory.resolve("geowebcache.xml"), configuration, StandardCharsets.UTF_8);
        }
        MockServletContext servletContext = new MockServletContext();
        servletContext.setContextPath(CONTEXT_PATH);
        servletContext.addInitParameter("GEOWEBCACHE_CACHE_DIR", cacheDirectory.toString());
        parameters.forEach(servletContext::addInitParameter);
        List<String> locations = new ArrayList<>(List.of("classpath:gwc-test-context.xml"));
        if (plugin) {
            locations.add(PLUGIN_CONTEXT);
        }
        XmlWebApplicationContext root = context(servletContext, locations, null);
        return new StandaloneGeoWebCache(root, context(servletContext, locations, root), cacheDirectory);
    }

    private static XmlWebApplicationContext context(
            MockServletContext servletContext, List<String> locations, XmlWebApplicationContext parent) {
        XmlWebApplicationContext context = new XmlWebApplicationContext();
        context.setServletContext(servletContext);
        context.setParent(parent);
        context.setConfigLocations(locations.toArray(String[]::new));
        context.refresh();
        return context;
    }

    /** Answers {@code pathAndQuery}, such as {@code /service/wmts?REQUEST=GetTile&...}, as the web application. */
    MockHttpServletResponse get(String pathAndQuery) throws Exception {
        int question = pathAndQuery.indexOf('?');
        String path = question < 0 ? pathAndQuery : pathAndQuery.substring(0, question);
        MockHttpServletRequest request =
                new MockHttpServletRequest(context.getServletContext(), "GET", CONTEXT_PATH + path);
        request.setContextPath(CONTEXT_PATH);
        if (question >= 0) {
            String query = pathAndQuery.substring(question + 1);
            request.setQueryString(query);
            for (String pair : query.split("&")) {
                int equals = pair.indexOf('=');
                request.addParameter(pair.substring(0, equals), pair.substring(equals + 1));
            }
        }
        MockHttpServletResponse response = new MockHttpServletResponse();
        context.getBean(GeoWebCacheDispatcher.class).handleRequest(request, response);
        return response;
    }

    <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    Object bean(String name) {
        return context.getBean(name);
    }

    /** Whether the blob store holds the tile. */
    boolean stored(String layer, String format, long x, long y, int z) throws StorageException {
        TileObject tile = TileObject.createQueryTileObject(layer, new long[] {x, y, z}, "EPSG:4326", format, null);
        return bean(StorageBroker.class).get(tile);
    }

    FanoutMetrics metrics() {
        return bean(GeoWebCacheFanout.class).metrics();
    }

    /** The lock provider of the tests' {@code geowebcache.xml}. */
    RecordingLockProvider locks() {
        return bean(RecordingLockProvider.class);
    }

    /** Waits until the engine has stored or dropped every tile it was given and holds no lock. */
    void awaitIdle() {
        await().atMost(30, TimeUnit.SECONDS)
                .until(() -> metrics().getMetatilesInFlight() == 0
                        && metrics().getMetatileImagesAlive() == 0
                        && metrics().getLocksHeld() == 0
                        && locks().held().isEmpty());
    }

    Path cacheDirectory() {
        return cacheDirectory;
    }

    @Override
    public void close() {
        context.close();
        root.close();
    }
}
