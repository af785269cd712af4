package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.engine.settings.SettingValues;
import io.github.metatilefanout.engine.settings.SettingsFormat;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.logging.Logger;
import org.geoserver.platform.resource.Resource;
import org.geoserver.platform.resource.ResourceListener;
import org.geoserver.platform.resource.ResourceStore;

/**
 * The queue bound, lock wait timeout and single-tile switch in {@value SettingsFormat#FILE_NAME} at the root of GeoServer's resource
 * store, next to {@code gwc-gs.xml}. Only the resource store API touches it, never a file path: it lives wherever
 * the data directory lives, on a disk, in a database (JDBC resource store) or in GeoServer Cloud's stores.
 */
final class SettingsResource {

    /** The WARNING of a problem in the resource, from its path and the problem. */
    static final String PROBLEM = "metatile-fanout: %s: %s";

    private static final Logger LOGGER = GeoServerLogBridge.logger(SettingsResource.class);

    private final ResourceStore store;
    private final SettingsFormat format = new SettingsFormat(List.of(
            Setting.QUEUE_BOUND,
            Setting.STORE_THREADS,
            Setting.LOCK_TIMEOUT_SECONDS,
            Setting.SINGLE_TILE_WHEN_UNCACHED));

    SettingsResource(ResourceStore store) {
        this.store = store;
    }

    /**
     * The settings kept, without a pool size; all defaults when the resource does not exist. A bad value is
     * logged as a WARNING naming the resource, the key, the value and the range, and counts as its default.
     *
     * @throws IOException if the resource exists but cannot be read
     */
    SettingValues load() throws IOException {
        Resource resource = resource();
        if (resource.getType() == Resource.Type.UNDEFINED) {
            return SettingValues.NONE;
        }
        SettingsFormat.Read read;
        try (InputStream in = resource.in()) {
            read = format.read(in);
        } catch (IOException | RuntimeException e) {
            throw new IOException("cannot read " + path() + ": " + e.getMessage(), e);
        }
        read.problems().forEach(problem -> LOGGER.warning(String.format(PROBLEM, path(), problem)));
        return read.values();
    }

    /**
     * Replaces the resource's content with {@code values}' queue bound and lock wait timeout; the resource store
     * replaces it whole when the stream closes.
     *
     * @throws IOException if it could not be written
     */
    void save(SettingValues values) throws IOException {
        byte[] text = format.write(values);
        try (OutputStream out = resource().out()) {
            out.write(text);
        } catch (RuntimeException e) {
            throw new IOException("cannot write " + path() + ": " + e.getMessage(), e);
        }
    }

    /** Has {@code listener} told of every change to the resource, from this node or, as the store allows, others. */
    void addListener(ResourceListener listener) {
        resource().addListener(listener);
    }

    void removeListener(ResourceListener listener) {
        resource().removeListener(listener);
    }

    /** The resource's path in the store. */
    String path() {
        return SettingsFormat.FILE_NAME;
    }

    private Resource resource() {
        return store.get(SettingsFormat.FILE_NAME);
    }

    @Override
    public String toString() {
        return path();
    }
}
