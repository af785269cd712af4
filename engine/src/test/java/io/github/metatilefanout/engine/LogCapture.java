package io.github.metatilefanout.engine;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** Collects the engine's log records of WARNING and above while open. */
final class LogCapture extends Handler implements AutoCloseable {

    private final Logger logger = Logger.getLogger("io.github.metatilefanout.engine");
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();

    LogCapture() {
        setLevel(Level.WARNING);
        logger.addHandler(this);
    }

    @Override
    public void publish(LogRecord record) {
        if (isLoggable(record)) {
            records.add(record);
        }
    }

    /** Records whose message contains {@code text}. */
    long count(String text) {
        return records.stream().filter(r -> r.getMessage().contains(text)).count();
    }

    List<LogRecord> records() {
        return records;
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
