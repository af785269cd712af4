package io.github.metatilefanout.engine;

import io.github.metatilefanout.engine.lock.FileLockProvider;
import io.github.metatilefanout.engine.lock.LockProvider;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A process that takes the file locks named by its arguments (after the shared directory), prints {@code held},
 * and holds them until it is killed (one minute at most).
 */
final class LockHoldingNode {

    private LockHoldingNode() {}

    public static void main(String[] args) throws Exception {
        LockProvider locks = new FileLockProvider(Path.of(args[0]).resolve("locks"));
        for (int i = 1; i < args.length; i++) {
            locks.acquire(args[i], Duration.ofSeconds(10));
        }
        System.out.println("held");
        System.out.flush();
        new CountDownLatch(1).await(60, TimeUnit.SECONDS); // until killed
        System.exit(1);
    }
}
