package io.github.metatilefanout.engine;

import static io.github.metatilefanout.engine.Fixtures.metatile;
import static io.github.metatilefanout.engine.Fixtures.request;
import static io.github.metatilefanout.engine.Fixtures.tile;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.metatilefanout.engine.TileResponse.Source;
import io.github.metatilefanout.engine.lock.LockProvider;
import io.github.metatilefanout.engine.lock.LockTimeoutException;
import java.io.IOException;
import java.lang.reflect.Field;
import java.net.URL;
import java.net.URLClassLoader;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The edges the engine keeps bounded: threads that cannot start, close with queued jobs on a slow store, requests
 * after close, failing lookups, renders that overlap, inherited request state, and one log line per job for its
 * failures.
 */
class EdgesTest {

    private static final Duration BOUND = Duration.ofSeconds(20);

    private final HeldLocks locks = new HeldLocks();
    private final CountingStore store = new CountingStore();
    private final ColorRenderer renderer = new ColorRenderer();
    private final RawEncoder encoder = new RawEncoder();
    private final ExecutorService clients = Executors.newCachedThreadPool();
    private FanoutEngine engine = engine(store, new FanoutSettings(1, 1, 16, Duration.ofSeconds(30), false));

    @AfterEach
    void tearDown() {
        engine.close(Duration.ofSeconds(5));
        clients.shutdownNow();
    }

    private FanoutEngine engine(TileStore tiles, FanoutSettings settings) {
        return new FanoutEngine("test", locks, LockProtocol.TILE_LOCKS, tiles, settings);
    }

    /** The process cannot start a thread (a pid limit): the request runs its job itself and nothing is held. */
    @Test
    void aThreadThatCannotStartLeavesTheJobToItsRequestWithNothingLostOrHeld() throws Exception {
        refuseThreads();
        TileKey asked = tile("roads", 0, 0);

        TileResponse response = engine.getTile(request(asked, 4, renderer, encoder));

        assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(asked)));
        assertEquals(16, store.totalPuts());
        assertEquals(Set.of(Thread.currentThread().getName()), store.storingThreads());
        assertEquals(0, locks.held());
        assertEquals(0, engine.metrics().getMetatilesInFlight());
        assertEquals(0, engine.metrics().getMetatileImagesAlive());
        assertTrue(renderer.everyImageDisposedOnce());
        assertEquals(0, engine.metrics().getJobsHandedOff());
        assertTrue(engine.metrics().getInternalFailures() > 0, "counted");
        assertTrue(engine.close(Duration.ofSeconds(1)), "no thread left");
    }

    /**
     * As above, with a log handler that throws on the line, a fatal error included: the request still runs its job,
     * nothing held, its image freed.
     */
    @ParameterizedTest
    @ValueSource(strings = {"runtime", "stack overflow"})
    void aLogHandlerFailingOnTheThreadNotStartedLineCostsTheRequestNothing(String failure) throws Exception {
        refuseThreads();
        Logger logger = Logger.getLogger(EngineThreads.class.getName());
        AtomicInteger thrown = new AtomicInteger();
        Handler failing = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (LogMessages.THREAD_NOT_STARTED.equals(record.getMessage())) {
                    thrown.incrementAndGet();
                    if (failure.equals("runtime")) {
                        throw new IllegalStateException("the log's disk is full (simulated)");
                    }
                    throw new StackOverflowError("in the log handler (simulated)");
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        logger.addHandler(failing);
        TileKey asked = tile("roads", 0, 0);
        TileResponse response;
        try {
            response = engine.getTile(request(asked, 4, renderer, encoder));
        } finally {
            logger.removeHandler(failing);
        }

        assertTrue(thrown.get() > 0, "the handler failed");
        assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(asked)));
        assertEquals(16, store.totalPuts());
        assertEquals(0, locks.held());
        assertEquals(0, engine.metrics().getMetatileImagesAlive());
        assertTrue(renderer.everyImageDisposedOnce());
        assertTrue(engine.metrics().getInternalFailures() > 0, "counted");
    }

    /**
     * More store threads while a write waits for one and no thread can start: the setting applies, the thread not
     * started is counted, and the change throws nothing.
     */
    @Test
    void raisingStoreThreadsWhenNoThreadCanStartIsAppliedAndCounted() throws Exception {
        ThreadPoolExecutor writes = (ThreadPoolExecutor) field(field(engine, "writer"), "executor");
        writes.setThreadFactory(work -> null); // the write is queued, no thread takes it
        ((TileWriter) field(engine, "writer"))
                .write(tile("roads", 0, 0), new byte[] {1}, CachePolicy.PERSIST, dropped -> {});
        writes.setThreadFactory(work -> {
            throw new OutOfMemoryError("unable to create native thread");
        });
        long failures = engine.metrics().getInternalFailures();

        engine.reconfigure(new FanoutSettings(1, 1, 32, Duration.ofSeconds(30), false));

        assertEquals(32, writes.getCorePoolSize());
        assertEquals(failures + 1, engine.metrics().getInternalFailures());
        writes.getQueue().clear(); // the write no thread took: not left for close to wait for
    }

    /**
     * The JDK's executor queues a write and then fails to start a thread for it: the job's thread writes that tile
     * itself, and the queued copy, run later by a store thread that did start, writes nothing a second time.
     */
    @Test
    void aWriteQueuedByAStoreThreadThatFailedToStartIsWrittenOnce() throws Exception {
        ThreadPoolExecutor writes = (ThreadPoolExecutor) field(field(engine, "writer"), "executor");
        ThreadFactory threads = writes.getThreadFactory();
        AtomicInteger calls = new AtomicInteger();
        writes.setThreadFactory(work -> switch (calls.incrementAndGet()) {
            case 1 -> null; // refused: execute queues the write, then asks again
            case 2 -> throw new OutOfMemoryError("unable to create native thread");
            default -> threads.newThread(work);
        });
        TileKey requested = tile("roads", 0, 0);

        engine.getTile(request(requested, 4, renderer, encoder));
        await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0);

        Metatile metatile = metatile(4, requested);
        for (int i = 0; i < metatile.tileCount(); i++) {
            assertEquals(1, store.puts(metatile.tile(i)), "puts of " + metatile.tile(i));
        }
        assertEquals(0, locks.held());
        assertEquals(16, engine.metrics().getTilesStored());
    }

    /**
     * A queued job holds an encoded tile and the store takes 400 ms a put: the closing thread stores nothing, close
     * returns within twice its grace plus a second, and says whether every thread ended.
     */
    @Test
    void closeWithAQueuedJobOnASlowStoreReturnsInTimeAndStoresNothingItself() throws Exception {
        SlowStore slow = new SlowStore(Duration.ofMillis(400), false);
        engine.close();
        engine = engine(slow, new FanoutSettings(1, 1, 16, Duration.ofSeconds(30), false));
        CountDownLatch gate = new CountDownLatch(1);
        encoder.poolThreadsGatedBy(gate);
        engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder)); // its job holds the only pool thread
        await().atMost(BOUND).until(() -> encoder.started() == 2);
        engine.getTile(request(tile("roads", 4, 0), 4, renderer, encoder)); // its job waits, its tile encoded
        await().atMost(BOUND).until(() -> engine.metrics().getQueueDepth() == 1);

        Duration grace = Duration.ofSeconds(1);
        long start = System.nanoTime();
        boolean clean = engine.close(grace);
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertTrue(took.compareTo(grace.multipliedBy(2).plusSeconds(1)) <= 0, "close took " + took);
        assertFalse(slow.storingThreads.contains(Thread.currentThread().getName()), "the closing thread stored");
        assertEquals(engine.metrics().getMetatilesInFlight() == 0 && locks.held() == 0, clean);
        gate.countDown();
    }

    /** A slow store: at most storeThreads puts at once, on named store threads, each tile locked until written. */
    @Test
    void storeThreadsBoundTheConcurrentPutsAndEachTileStaysLockedUntilItsPutReturns() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        AtomicInteger writing = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        CountingStore gated = new CountingStore() {
            @Override
            public void put(TileKey tile, byte[] data) throws IOException {
                mostAtOnce.accumulateAndGet(writing.incrementAndGet(), Math::max);
                try {
                    super.put(tile, data);
                } finally {
                    writing.decrementAndGet();
                }
            }
        }.putsGatedBy(gate);
        engine.close();
        engine = engine(gated, new FanoutSettings(2, 2, 3, Duration.ofSeconds(30), false));

        engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder));
        await().atMost(BOUND).until(() -> writing.get() == 3);

        assertEquals(16, locks.held(), "a tile unlocked before its put returned");
        gate.countDown();
        await().atMost(BOUND).until(() -> gated.totalPuts() == 16 && locks.held() == 0);
        assertEquals(3, mostAtOnce.get());
        assertTrue(gated.storingThreads().stream().allMatch(name -> name.startsWith("metatile-fanout-test-store-")));
    }

    /** Puts that ignore interruption outlast close: it returns in time, false, and the threads are named. */
    @Test
    void closeReportsTruthfullyThatAStoreIgnoringInterruptsOutlivedIt() throws Exception {
        SlowStore stuck = new SlowStore(Duration.ofSeconds(5), true);
        engine.close();
        engine = engine(stuck, new FanoutSettings(1, 1, 16, Duration.ofSeconds(30), false));
        engine.getTile(request(tile("roads", 0, 0), 4, renderer, encoder));
        await().atMost(BOUND).until(() -> !stuck.storingThreads.isEmpty());

        try (LogCapture log = new LogCapture()) {
            long start = System.nanoTime();
            boolean clean = engine.close(Duration.ofSeconds(1));
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertFalse(clean);
            assertTrue(took.compareTo(Duration.ofSeconds(3)) <= 0, "close took " + took);
            assertEquals(1, log.count("metatile-fanout closed with"));
            assertEquals(1, log.count("still running: metatile-fanout-test-"));
        }
        await().atMost(BOUND).until(() -> locks.held() == 0);
    }

    /**
     * Once closed, the engine's jobs let no request claim a tile: a sibling asked after close, while its job's
     * thread is stuck in an encoder that ignores interruption, is served but never stored.
     */
    @Test
    void aSiblingAskedAfterCloseIsServedButNotStored() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        TileEncoder stuckOnPool = (image, bounds) -> {
            if (Thread.currentThread().getName().startsWith("metatile-fanout-test-job-")) {
                awaitIgnoringInterrupts(release);
            }
            return encoder.encode(image, bounds);
        };
        TileKey asked = tile("roads", 0, 0);
        engine.getTile(request(asked, 4, renderer, stuckOnPool));
        await().atMost(BOUND).until(() -> engine.metrics().getActiveThreads() == 1);
        assertFalse(engine.close(Duration.ofMillis(200)));
        int encodesBefore = encoder.started();

        TileKey sibling = metatile(4, asked).tile(9);
        TileResponse response = engine.getTile(request(sibling, 4, renderer, stuckOnPool));

        assertEquals(Source.IN_FLIGHT, response.source());
        assertTrue(RawEncoder.isPlainTile(response.data(), ColorRenderer.colorOf(sibling)));
        assertEquals(encodesBefore + 1, encoder.started());
        release.countDown();
        await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0 && locks.held() == 0);
        assertEquals(0, store.puts(sibling));
    }

    @Test
    void aFailingTransientLookupIsCountedLoggedAndTheTileRendered() throws Exception {
        TileStore failingTransient = new CountingStore() {
            @Override
            public StoredTile getTransient(TileKey tile) {
                throw new IllegalStateException("injected transient cache failure");
            }
        };
        engine.close();
        engine = engine(failingTransient, FanoutSettings.withPoolSize(2));
        TileKey asked = tile("roads", 0, 0);

        try (LogCapture log = new LogCapture()) {
            TileResponse response =
                    engine.getTile(request(asked, 4, renderer, encoder).withCachePolicy(CachePolicy.TRANSIENT));

            assertEquals(Source.RENDERED, response.source());
            assertEquals(2, log.count("Looking up tile " + asked + " failed")); // before M's lock and under it
        }
        assertEquals(2, engine.metrics().getLookupFailures());
    }

    /** Renders longer than the jobs: a request that found every slot taken before its render finds one after it. */
    @Test
    void aRequestThatFoundNoSlotBeforeItsRenderTakesOneFreedMeanwhile() throws Exception {
        engine.close();
        engine = engine(store, new FanoutSettings(1, 0, 16, Duration.ofSeconds(30), false));
        CountDownLatch firstRender = new CountDownLatch(1);
        CountDownLatch secondRender = new CountDownLatch(1);
        ColorRenderer slowFirst = new ColorRenderer().gatedBy(firstRender);
        ColorRenderer slowSecond = new ColorRenderer().gatedBy(secondRender);
        Future<TileResponse> first =
                clients.submit(() -> engine.getTile(request(tile("roads", 0, 0), 4, slowFirst, encoder)));
        await().atMost(BOUND).until(() -> locks.held() >= 1);
        Future<TileResponse> second =
                clients.submit(() -> engine.getTile(request(tile("roads", 8, 8), 4, slowSecond, encoder)));
        await().atMost(BOUND).until(() -> locks.held() >= 2 + 16); // both metatile locks and the first job's

        firstRender.countDown();
        first.get(BOUND.toSeconds(), TimeUnit.SECONDS);
        await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0);
        secondRender.countDown();
        second.get(BOUND.toSeconds(), TimeUnit.SECONDS);

        assertEquals(2, engine.metrics().getJobsHandedOff());
        assertEquals(0, engine.metrics().getJobsRunOnCallerPoolFull());
        await().atMost(BOUND).until(() -> store.totalPuts() == 32 && locks.held() == 0);
    }

    /** A job's thread sees none of the state its request thread set for itself or its children. */
    @Test
    void jobThreadsInheritNoThreadLocalNorClassLoaderFromTheRequest() throws Exception {
        InheritableThreadLocal<String> requestState = new InheritableThreadLocal<>();
        AtomicReference<String> seenState = new AtomicReference<>("not seen");
        AtomicReference<ClassLoader> seenLoader = new AtomicReference<>();
        TileEncoder watching = (image, bounds) -> {
            if (Thread.currentThread().getName().startsWith("metatile-fanout-test-job-")) {
                seenState.compareAndSet("not seen", requestState.get());
                seenLoader.compareAndSet(null, Thread.currentThread().getContextClassLoader());
            }
            return encoder.encode(image, bounds);
        };
        ClassLoader requestLoader = new URLClassLoader(new URL[0]);
        Future<TileResponse> answered = clients.submit(() -> {
            requestState.set("the request's security context");
            Thread.currentThread().setContextClassLoader(requestLoader);
            return engine.getTile(request(tile("roads", 0, 0), 4, renderer, watching));
        });
        answered.get(BOUND.toSeconds(), TimeUnit.SECONDS);
        await().atMost(BOUND).until(() -> store.totalPuts() == 16);

        assertNull(seenState.get());
        assertSame(FanoutEngine.class.getClassLoader(), seenLoader.get());
    }

    /** Another node holds every tile lock: the job logs one line for the tiles it could not lock, not one a tile. */
    @Test
    void aJobLogsOneLineForAllTheTilesItCouldNotLock() throws Exception {
        LockProvider tileLocksFail = (key, timeout) -> {
            if (key.startsWith("gwc_tile_") && Thread.currentThread().getName().startsWith("metatile-fanout-")) {
                throw new LockTimeoutException(key, timeout);
            }
            return locks.acquire(key, timeout);
        };
        engine.close();
        engine =
                new FanoutEngine("test", tileLocksFail, LockProtocol.TILE_LOCKS, store, FanoutSettings.withPoolSize(2));
        TileKey asked = tile("roads", 0, 0);

        try (LogCapture log = new LogCapture()) {
            engine.getTile(request(asked, 4, renderer, encoder));
            await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0);

            assertEquals(1, log.records().size(), "lines: " + log.records());
            assertEquals(
                    1,
                    log.count("16 of 16 tiles of metatile " + metatile(4, asked) + " will be served but not stored"));
        }
        assertEquals(16, engine.metrics().getLockFailures());
        assertEquals(0, store.totalPuts());
    }

    /** An encoder that fails for every tile: one line for the job's tiles, with the first failure. */
    @Test
    void aJobLogsOneLineForAllItsTilesThatFailedToEncode() throws Exception {
        RawEncoder failingOnPool = new RawEncoder()
                .failingFor(bounds -> Thread.currentThread().getName().startsWith("metatile-fanout-test-job-"));
        TileKey asked = tile("roads", 0, 0);

        try (LogCapture log = new LogCapture()) {
            engine.getTile(request(asked, 4, renderer, failingOnPool));
            await().atMost(BOUND).until(() -> engine.metrics().getMetatilesInFlight() == 0);

            assertEquals(1, log.records().size(), "lines: " + log.records());
            assertEquals(1, log.count("15 tiles of metatile " + metatile(4, asked) + " failed to encode (the first: "));
            assertInstanceOf(IOException.class, log.records().get(0).getThrown());
        }
        assertEquals(15, engine.metrics().getEncodeFailures());
        assertEquals(1, store.totalPuts());
    }

    /** A failure that reaches the caller is the caller's to log: it carries its cause, and the engine logs nothing. */
    @Test
    void aFailureReachingTheCallerCarriesItsCauseAndIsNotLoggedByTheEngine() throws Exception {
        TileKey asked = tile("roads", 0, 0);
        RawEncoder failingForTheRequest = new RawEncoder()
                .failingFor(bounds -> !Thread.currentThread().getName().startsWith("metatile-fanout-"));

        try (LogCapture log = new LogCapture()) {
            TileException failure = assertThrows(
                    TileException.class, () -> engine.getTile(request(asked, 4, renderer, failingForTheRequest)));

            assertInstanceOf(IOException.class, failure.getCause());
            await().atMost(BOUND).until(() -> store.totalPuts() == 15);
            assertEquals(
                    0,
                    log.records().stream()
                            .filter(r -> r.getLevel().intValue() >= Level.WARNING.intValue())
                            .count());
        }
    }

    @Test
    void aMetatileInFlightRefusesARequestedTileOutsideItsCoverage() {
        Metatile atTheEdge = new MetatileGeometry(4, 4, 8, 8, 0)
                .metatileOf(tile("roads", 1, 1), new MetatileGeometry.Coverage(Fixtures.ZOOM, 1, 1, 63, 63));
        int outside = 0;
        assertFalse(atTheEdge.isCovered(outside));

        assertThrows(
                IllegalArgumentException.class,
                () -> new InFlightMetatile(atTheEdge, outside, CachePolicy.PERSIST, encoder, null, engine.metrics()));
    }

    /** Makes every thread the engine starts from now on fail to start, as when the process is out of threads. */
    private void refuseThreads() throws ReflectiveOperationException {
        Object jobThreads = field(engine, "jobThreads");
        set(jobThreads, "threads", new EngineThreads("test", "job") {
            @Override
            public Thread newThread(Runnable work) {
                return new Thread(work) {
                    @Override
                    public synchronized void start() {
                        throw new OutOfMemoryError("unable to create native thread: possibly out of memory or"
                                + " process/resource limits reached");
                    }
                };
            }
        });
        ThreadPoolExecutor writes = (ThreadPoolExecutor) field(field(engine, "writer"), "executor");
        writes.setThreadFactory(work -> {
            throw new OutOfMemoryError("unable to create native thread");
        });
    }

    private static Object field(Object owner, String name) throws ReflectiveOperationException {
        Field field = owner.getClass().getDeclaredField(name);
        field.setAccessible(true);
        return field.get(owner);
    }

    private static void set(Object owner, String name, Object value) throws ReflectiveOperationException {
        Field field = owner.getClass().getDeclaredField(name);
        field.setAccessible(true);
        field.set(owner, value);
    }

    private static void awaitIgnoringInterrupts(CountDownLatch latch) {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (latch.getCount() > 0 && System.nanoTime() < deadline) {
            try {
                latch.await(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            } catch (InterruptedException ignored) {
                // as an encoder or a store that does not honour interruption
            }
        }
    }

    /** A store whose puts take {@code latency}, honouring interruption or not; it records who stored. */
    private static final class SlowStore extends CountingStore {

        final Set<String> storingThreads = ConcurrentHashMap.newKeySet();
        private final Duration latency;
        private final boolean ignoresInterrupts;

        SlowStore(Duration latency, boolean ignoresInterrupts) {
            this.latency = latency;
            this.ignoresInterrupts = ignoresInterrupts;
        }

        @Override
        public void put(TileKey tile, byte[] data) throws IOException {
            storingThreads.add(Thread.currentThread().getName());
            long deadline = System.nanoTime() + latency.toNanos();
            while (System.nanoTime() < deadline) {
                LockSupport.parkNanos(deadline - System.nanoTime());
                if (Thread.interrupted() && !ignoresInterrupts) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted");
                }
            }
            super.put(tile, data);
        }
    }
}
