package io.github.metatilefanout.geoserver;

import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.settings.FanoutConfiguration;
import io.github.metatilefanout.engine.settings.Setting;
import io.github.metatilefanout.engine.settings.SettingValues;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.geoserver.platform.resource.ResourceListener;
import org.geoserver.platform.resource.ResourceStore;

/**
 * The plugin's settings in GeoServer, and how they reach the running engine. The pool size is GeoWebCache's
 * "meta tiling threads" ({@code gwc-gs.xml}, GeoServer's own field on the Caching Defaults page); the queue bound,
 * store threads and lock wait timeout are in {@link SettingsResource}. Both are read through GeoServer's resource store.
 *
 * <p>Changes reach the engine without a restart and are logged once each, at INFO:
 *
 * <ul>
 *   <li>a save from the settings panel;
 *   <li>a change of the settings resource made elsewhere (another node sharing the store, an edit), which the
 *       resource store announces to its listeners;
 *   <li>a change of the meta tiling threads, noticed when {@code gwc-gs.xml} changes and on every tile request.
 * </ul>
 *
 * A notification or check that finds the settings as applied does nothing. A read that fails (at start or on a
 * change) is logged at WARNING once and tried again every {@link #RETRY_INTERVAL} until it succeeds, on a thread of
 * its own, never on a tile request's; the engine keeps the settings it has meanwhile.
 */
public final class GeoServerSettings implements FanoutConfiguration {

    /** GeoWebCache's configuration in GeoServer's resource store. */
    static final String GWC_CONFIG = "gwc-gs.xml";

    /** The pool size's name in the message of meta tiling threads the pool size does not allow. */
    static final String META_TILING_THREADS = "GeoWebCache's meta tiling threads";

    /** The WARNING of meta tiling threads the pool size does not allow, from the setting's message. */
    static final String POOL_SIZE_DEFAULT = "metatile-fanout: %s; using the default pool size";

    /** How long after a failed read of the settings it is tried again. */
    static final Duration RETRY_INTERVAL = Duration.ofSeconds(5);

    /** How a WARNING of a failed read of the settings ends. */
    static final String READ_AGAIN = "until it can be read, tried again every " + RETRY_INTERVAL.toSeconds() + " s";

    /** Reads the settings again on a new daemon thread, which inherits nothing from the tile request. */
    static final Executor OWN_THREAD = read -> {
        Thread thread = new Thread(null, read, "metatile-fanout-settings-read", 0, false);
        thread.setDaemon(true);
        thread.start();
    };

    /** {@link #retryAt} while the last read succeeded. */
    private static final long READ_OK = Long.MIN_VALUE;

    /** {@link #retryAt} while a read handed to {@link #retries} has not ended. */
    private static final long RETRYING = Long.MAX_VALUE;

    private static final Logger LOGGER = GeoServerLogBridge.logger(GeoServerSettings.class);

    private final ResourceStore store;
    private final SettingsResource resource;
    private final Supplier<Integer> poolSetting;
    private final SettingsOverrides overrides;
    private final Consumer<FanoutSettings> engine;
    private final LongSupplier nanoClock;
    private final Executor retries;
    private final ResourceListener settingsChanged = notification -> refreshQuietly(resourceChanged());
    private final ResourceListener gwcConfigChanged = notification -> followPoolSize();

    /** Guarded by this. */
    private FanoutSettings applied;

    private volatile Integer appliedPoolSetting;

    /**
     * {@link #READ_OK}; after a failed read, the {@link #nanoClock} time from which a tile request hands the next
     * read to {@link #retries}; or {@link #RETRYING}.
     */
    private final AtomicLong retryAt = new AtomicLong(READ_OK);

    /**
     * @param store GeoServer's resource store
     * @param poolSetting GeoWebCache's meta tiling threads as configured now, null for the default
     * @param overrides settings the deployment fixes, which win over the stored ones
     * @param engine applies settings to the running engine
     * @param nanoClock the time in nanoseconds, {@code System::nanoTime}
     * @param retries where a read after a failed one runs, off the tile path: {@link #OWN_THREAD}
     */
    GeoServerSettings(
            ResourceStore store,
            Supplier<Integer> poolSetting,
            SettingsOverrides overrides,
            Consumer<FanoutSettings> engine,
            LongSupplier nanoClock,
            Executor retries) {
        this.store = store;
        this.resource = new SettingsResource(store);
        this.poolSetting = poolSetting;
        this.overrides = overrides;
        this.engine = engine;
        this.nanoClock = nanoClock;
        this.retries = retries;
    }

    /** The settings to start the engine with; later changes go to the engine passed to the constructor. */
    synchronized FanoutSettings initial() {
        appliedPoolSetting = poolSetting.get();
        try {
            applied = kept().resolve();
        } catch (IOException e) {
            readFailed(e, "using the defaults");
            applied = defaults().resolve();
        }
        return applied;
    }

    /** Starts applying the changes the resource store announces. */
    void watch() {
        resource.addListener(settingsChanged);
        store.get(GWC_CONFIG).addListener(gwcConfigChanged);
    }

    /** Stops applying the changes the resource store announces. */
    void unwatch() {
        resource.removeListener(settingsChanged);
        store.get(GWC_CONFIG).removeListener(gwcConfigChanged);
    }

    /** The settings as kept; if the resource cannot be read, a WARNING and its defaults. */
    @Override
    public SettingValues stored() {
        try {
            return kept();
        } catch (IOException e) {
            LOGGER.log(Level.WARNING, "metatile-fanout: " + e.getMessage() + "; using the defaults", e);
            return defaults();
        }
    }

    private SettingValues defaults() {
        return overrides.over(SettingValues.NONE.with(Setting.POOL_SIZE, poolSize()));
    }

    /**
     * Keeps the queue bound and lock wait timeout, then applies them with the meta tiling threads in force. The
     * pool size is GeoServer's own field: the one given here is not written.
     */
    @Override
    public synchronized FanoutSettings save(SettingValues values) throws IOException {
        Integer pool = poolSetting.get();
        SettingValues kept = values.with(Setting.POOL_SIZE, poolSize());
        FanoutSettings effective = overrides.over(kept).resolve();
        FanoutSettings previous = applied;
        applied = effective; // the store may announce this very write at once: it then finds nothing to apply
        try {
            resource.save(values);
        } catch (IOException e) {
            applied = previous;
            throw e;
        }
        appliedPoolSetting = pool;
        apply(effective);
        LOGGER.info("metatile-fanout: settings saved to " + resource + " and applied: " + effective);
        if (!overrides.over(kept).equals(kept)) {
            LOGGER.warning(
                    "metatile-fanout: the deployment fixes " + overrides + ", over the settings saved to " + resource);
        }
        return effective;
    }

    /**
     * Applies a change of GeoWebCache's meta tiling threads, if there is one; if the last read of the settings failed,
     * instead hands a read to {@link #retries} once the retry interval has passed. One comparison and one flag when
     * there is neither, so that it can run on every tile request.
     */
    void followPoolSize() {
        long at = retryAt.get();
        if (at != READ_OK) {
            if (at != RETRYING && nanoClock.getAsLong() - at >= 0 && retryAt.compareAndSet(at, RETRYING)) {
                retryOffTheTilePath();
            }
            return;
        }
        Integer setting = poolSetting.get();
        if (!Objects.equals(setting, appliedPoolSetting)) {
            refreshQuietly(
                    "GeoWebCache's meta tiling threads changed to " + (setting == null ? "the default" : setting));
        }
    }

    private void retryOffTheTilePath() {
        try {
            retries.execute(() -> refreshQuietly(resource + " read again after a failed read"));
        } catch (RuntimeException | Error e) {
            retryAt.set(nanoClock.getAsLong() + RETRY_INTERVAL.toNanos());
            throw e;
        }
    }

    /**
     * Applies the settings as kept now, if they differ from those applied, and logs it at INFO naming {@code
     * cause}. If the resource cannot be read, the engine keeps its settings and it is read again after the retry
     * interval ({@link #followPoolSize}).
     *
     * @throws RuntimeException whatever the engine threw when applying them, logged already
     */
    synchronized void refresh(String cause) {
        Integer pool = poolSetting.get();
        FanoutSettings current;
        try {
            current = kept().resolve();
        } catch (IOException | RuntimeException e) {
            readFailed(e, "the engine keeps its settings");
            return;
        }
        appliedPoolSetting = pool;
        if (retryAt.getAndSet(READ_OK) != READ_OK) {
            LOGGER.info("metatile-fanout: " + resource + " read again");
        }
        if (current.equals(applied)) {
            LOGGER.fine(() -> "metatile-fanout: " + cause + "; the settings in force are unchanged");
            return;
        }
        apply(current);
        LOGGER.info("metatile-fanout: " + cause + "; applied: " + current);
    }

    /**
     * A failed read of the settings: logged at WARNING the first time, at FINE while it goes on failing (it is tried
     * again every retry interval).
     */
    private void readFailed(Exception e, String consequence) {
        boolean first = retryAt.getAndSet(nanoClock.getAsLong() + RETRY_INTERVAL.toNanos()) == READ_OK;
        LOGGER.log(
                first ? Level.WARNING : Level.FINE,
                "metatile-fanout: " + e.getMessage() + "; " + consequence + " " + READ_AGAIN,
                e);
    }

    /** {@link #refresh}, on a thread that must not see the engine's refusal. */
    private void refreshQuietly(String cause) {
        try {
            refresh(cause);
        } catch (RuntimeException e) {
            // neither logged nor counted again: the only exception refresh throws is the engine's refusal, which
            // apply has logged at WARNING
        }
    }

    private String resourceChanged() {
        return resource + " changed in the resource store (saved on another node, or edited)";
    }

    private SettingValues kept() throws IOException {
        return overrides.over(resource.load().with(Setting.POOL_SIZE, poolSize()));
    }

    /** The meta tiling threads, or null (the default) with a WARNING if the pool size does not allow them. */
    private Integer poolSize() {
        Integer setting = poolSetting.get();
        if (setting == null) {
            return null;
        }
        try {
            return Setting.POOL_SIZE.check(META_TILING_THREADS, setting);
        } catch (IllegalArgumentException e) {
            LOGGER.warning(String.format(POOL_SIZE_DEFAULT, e.getMessage()));
            return null;
        }
    }

    private FanoutSettings apply(FanoutSettings settings) {
        applied = settings;
        try {
            engine.accept(settings);
        } catch (RuntimeException e) {
            LOGGER.log(Level.WARNING, "metatile-fanout: the engine did not apply " + settings, e);
            throw e;
        }
        return settings;
    }
}
