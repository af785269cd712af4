package io.github.metatilefanout.geoserver;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.geoserver.wms.GetMapCallbackAdapter;
import org.geoserver.wms.GetMapRequest;
import org.geoserver.wms.MetatileContextHolder;

/** Records, for every GetMap, the metatile context its output format would see ("none" if none). */
public class MetatileContextRecorder extends GetMapCallbackAdapter {

    private final List<String> contexts = new CopyOnWriteArrayList<>();

    @Override
    public GetMapRequest initRequest(GetMapRequest request) {
        MetatileContextHolder.MetaInfo context = MetatileContextHolder.get();
        contexts.add(
                context == null
                        ? "none"
                        : context.getWidth() + "x" + context.getHeight() + "/" + context.getTileSize());
        return request;
    }

    /** What was recorded since the last call. */
    List<String> take() {
        List<String> taken = List.copyOf(contexts);
        contexts.clear();
        return taken;
    }
}
