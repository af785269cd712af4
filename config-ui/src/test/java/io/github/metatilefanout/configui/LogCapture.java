package io.github.metatilefanout.configui;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/** Collects what this package logs while open. */
final class LogCapture extends Handler implements AutoCloseable {

    private final Logger logger = Logger.getLogger("io.github.metatilefanout.configui");
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();

    LogCapture() {
        logger.addHandler(this);
    }

    /** The formatted messages logged at {@code level}. */
    List<String> messages(Level level) {
        return records.stream()
                .filter(record -> record.getLevel().equals(level))
                .map(record -> record.getMessage())
                .collect(Collectors.toList());
    }

    @Override
    public void publish(LogRecord record) {
        records.add(record);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
