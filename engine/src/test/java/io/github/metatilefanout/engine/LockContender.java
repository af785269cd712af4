package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.lock.FileLockProvider;
import io.github.metatilefanout.engine.lock.LockProvider;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A process of {@link FileLockProviderProcessesTest}: its threads take one key of a {@link
 * FileLockProvider} on a shared directory over and over, and inside create a marker file that must not
 * exist (another holder would have created it). Prints {@code held <acquisitions> overlaps <count>}.
 */
final class LockContender {

    static final String KEY = "gwc_metatile_contended";

    public static void main(String[] args) throws Exception {
        Path shared = Path.of(args[0]);
        int threads = Integer.parseInt(args[1]);
        int acquisitions = Integer.parseInt(args[2]);
        LockProvider locks = new FileLockProvider(shared.resolve("locks"));
        Path marker = shared.resolve("holder");
        AtomicInteger held = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            Future<?>[] contenders = new Future<?>[threads];
            for (int t = 0; t < threads; t++) {
                contenders[t] = pool.submit(() -> {
                    for (int i = 0; i < acquisitions; i++) {
                        LockProvider.Lock lock = locks.acquire(KEY, Duration.ofSeconds(20));
                        try {
                            Files.createFile(marker);
                            held.incrementAndGet();
                            Files.delete(marker);
                        } catch (FileAlreadyExistsException overlap) {
                            overlaps.incrementAndGet();
                        } finally {
                            lock.release();
                        }
                    }
                    return null;
                });
            }
            for (Future<?> contender : contenders) {
                contender.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.println("held " + held.get() + " overlaps " + overlaps.get());
    }
}
