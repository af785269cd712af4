package io.github.metatilefanout.gwc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class ThrottledWarningTest {

    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final AtomicLong nanos = new AtomicLong(-5); // System.nanoTime may be negative
    private final ThrottledWarning warning = new ThrottledWarning(logger(), Duration.ofMinutes(1), nanos::get);

    @Test
    void atMostOneLinePerIntervalTheNextCountingThoseLeftOut() {
        for (int i = 1; i <= 1000; i++) {
            int n = i;
            warning.log(() -> "tile " + n + " not served");
        }
        assertEquals(List.of("tile 1 not served"), lines);

        nanos.addAndGet(Duration.ofMinutes(1).toNanos() - 1);
        warning.log(() -> "tile 1001 not served");
        assertEquals(1, lines.size(), "still within the minute");

        nanos.incrementAndGet();
        warning.log(() -> "tile 1002 not served");
        nanos.addAndGet(Duration.ofMinutes(5).toNanos());
        warning.log(() -> "tile 1003 not served");

        assertEquals(
                List.of(
                        "tile 1 not served",
                        "tile 1002 not served (and 1000 more like it since the previous line, not logged)",
                        "tile 1003 not served"),
                lines);
    }

    @Test
    void aLineLeftOutIsNotFormatted() {
        warning.log(() -> "first");
        warning.log(() -> {
            throw new AssertionError("formatted");
        });
        assertEquals(List.of("first"), lines);
    }

    private Logger logger() {
        Logger logger = Logger.getAnonymousLogger();
        logger.setUseParentHandlers(false);
        logger.setFilter(record -> {
            lines.add(record.getMessage());
            return false;
        });
        return logger;
    }
}
