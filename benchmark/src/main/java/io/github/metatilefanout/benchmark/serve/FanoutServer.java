package io.github.metatilefanout.benchmark.serve;

import io.github.metatilefanout.engine.CachePolicy;
import io.github.metatilefanout.engine.FanoutEngine;
import io.github.metatilefanout.engine.FanoutMetrics;
import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.LockProtocol;
import io.github.metatilefanout.engine.MetatileImage;
import io.github.metatilefanout.engine.MetatileRenderer;
import io.github.metatilefanout.engine.TileEncoder;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.engine.TileRequest;
import io.github.metatilefanout.engine.TileRequest.Mode;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/** This project's {@link FanoutEngine}, with its default queue bound (as long as the pool). */
public final class FanoutServer implements TileServer {

    private final ServingSetup setup;
    private final FanoutEngine engine;
    private final MetatileRenderer renderer;
    private final TileEncoder encoder;

    FanoutServer(ServingSetup setup, LockProtocol protocol) {
        this(setup, protocol, FanoutSettings.withPoolSize(setup.poolSize()).withLockTimeout(ServingSetup.LOCK_TIMEOUT));
    }

    /** The engine with {@code settings}, not the setup's pool size. */
    public FanoutServer(ServingSetup setup, LockProtocol protocol, FanoutSettings settings) {
        this.setup = setup;
        this.engine = new FanoutEngine("benchmark", setup.lockProvider(), protocol, setup.store(), settings);
        this.renderer = metatile -> {
            ServingSetup.CountedImage image = setup.draw(metatile);
            return MetatileImage.of(image.image(), image::dispose);
        };
        this.encoder = setup::encode;
    }

    @Override
    public byte[] getTile(TileKey tile) throws Exception {
        return engine.getTile(TileRequest.interactive(tile, setup.metatileOf(tile), renderer, encoder))
                .data();
    }

    /** Seeds the metatile of {@code tile}: returns once every one of its tiles is stored. */
    public void seed(TileKey tile) throws Exception {
        engine.getTile(
                new TileRequest(tile, setup.metatileOf(tile), renderer, encoder, CachePolicy.PERSIST, Mode.SEEDING));
    }

    @Override
    public void awaitIdle(Duration timeout) throws InterruptedException, TimeoutException {
        FanoutMetrics metrics = engine.metrics();
        TileServer.waitUntil(
                () -> setup.meter().idle() && metrics.getMetatilesInFlight() == 0, timeout, "fanout engine");
    }

    @Override
    public PoolUse poolUse() {
        FanoutMetrics metrics = engine.metrics();
        return new PoolUse(metrics.getJobsHandedOff(), metrics.getJobsRunOnCallerPoolFull());
    }

    @Override
    public void close() {
        engine.close();
    }
}
