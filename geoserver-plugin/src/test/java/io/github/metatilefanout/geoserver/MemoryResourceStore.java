package io.github.metatilefanout.geoserver;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.geoserver.platform.resource.Resource;
import org.geoserver.platform.resource.ResourceListener;
import org.geoserver.platform.resource.ResourceNotification;
import org.geoserver.platform.resource.ResourceNotification.Kind;
import org.geoserver.platform.resource.ResourceNotificationDispatcher;
import org.geoserver.platform.resource.ResourceStore;
import org.geoserver.platform.resource.SimpleResourceNotificationDispatcher;

/**
 * A resource store without files, as a database-backed one is: {@link Resource#file()} and {@link
 * Resource#dir()} fail. A write closes by replacing the content whole and notifying the listeners at once, on the
 * writing thread, as the JDBC resource store does for the node that writes. {@link #readFailure} and {@link
 * #writeFailure} make reads and writes fail.
 */
final class MemoryResourceStore implements ResourceStore {

    private final Map<String, byte[]> contents = new ConcurrentHashMap<>();
    private final SimpleResourceNotificationDispatcher dispatcher = new SimpleResourceNotificationDispatcher();

    /** When not null, every read fails with an {@link IllegalStateException} of this message. */
    volatile String readFailure;

    /** How many reads were attempted, failed ones included. */
    final AtomicInteger reads = new AtomicInteger();

    /** When not null, every write fails with an {@link IllegalStateException} of this message. */
    volatile String writeFailure;

    @Override
    public Resource get(String path) {
        return new MemoryResource(path);
    }

    @Override
    public boolean remove(String path) {
        return get(path).delete();
    }

    @Override
    public boolean move(String path, String target) {
        throw new UnsupportedOperationException("move");
    }

    @Override
    public ResourceNotificationDispatcher getResourceNotificationDispatcher() {
        return dispatcher;
    }

    private void notify(String path, Kind kind) {
        dispatcher.changed(new ResourceNotification(path, kind, System.currentTimeMillis(), List.of()));
    }

    private final class MemoryResource implements Resource {

        private final String path;

        MemoryResource(String path) {
            this.path = path;
        }

        @Override
        public String path() {
            return path;
        }

        @Override
        public String name() {
            return path.substring(path.lastIndexOf('/') + 1);
        }

        @Override
        public Lock lock() {
            return () -> {};
        }

        @Override
        public void addListener(ResourceListener listener) {
            dispatcher.addListener(path, listener);
        }

        @Override
        public void removeListener(ResourceListener listener) {
            dispatcher.removeListener(path, listener);
        }

        @Override
        public InputStream in() {
            reads.incrementAndGet();
            byte[] content = contents.get(path);
            if (readFailure != null || content == null) {
                throw new IllegalStateException(readFailure != null ? readFailure : path + " not found");
            }
            return new ByteArrayInputStream(content);
        }

        @Override
        public OutputStream out() {
            if (writeFailure != null) {
                throw new IllegalStateException(writeFailure);
            }
            return new ByteArrayOutputStream() {
                @Override
                public void close() {
                    Kind kind = contents.put(path, toByteArray()) == null ? Kind.ENTRY_CREATE : Kind.ENTRY_MODIFY;
                    MemoryResourceStore.this.notify(path, kind);
                }
            };
        }

        @Override
        public File file() {
            throw new UnsupportedOperationException("no files in this store: " + path);
        }

        @Override
        public File dir() {
            throw new UnsupportedOperationException("no files in this store: " + path);
        }

        @Override
        public long lastmodified() {
            return 0;
        }

        @Override
        public Resource parent() {
            throw new UnsupportedOperationException("parent");
        }

        @Override
        public Resource get(String child) {
            return new MemoryResource(path + "/" + child);
        }

        @Override
        public List<Resource> list() {
            return List.of();
        }

        @Override
        public Type getType() {
            return contents.containsKey(path) ? Type.RESOURCE : Type.UNDEFINED;
        }

        @Override
        public boolean delete() {
            boolean deleted = contents.remove(path) != null;
            if (deleted) {
                MemoryResourceStore.this.notify(path, Kind.ENTRY_DELETE);
            }
            return deleted;
        }

        @Override
        public boolean renameTo(Resource dest) {
            throw new UnsupportedOperationException("renameTo");
        }
    }
}
