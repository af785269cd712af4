package io.github.metatilefanout.geowebcache;

import com.thoughtworks.xstream.XStream;
import com.thoughtworks.xstream.converters.UnmarshallingContext;
import com.thoughtworks.xstream.converters.reflection.ReflectionConverter;
import com.thoughtworks.xstream.io.HierarchicalStreamReader;
import java.util.function.Supplier;
import org.geowebcache.config.Info;
import org.geowebcache.config.XMLConfigurationProvider;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;

/**
 * Has GeoWebCache's configuration build every {@code <wmsLayer>} as a {@link FanoutWMSLayer}, through
 * GeoWebCache's extension point for its XML configuration: {@code geowebcache.xml}, and the layers its REST API
 * reads. Layers are still written as {@code <wmsLayer>} elements with the same content, so the file stays valid
 * for GeoWebCache without the plugin. Switched off ({@code METATILE_FANOUT_ENABLED=false}), it changes nothing.
 */
public class FanoutLayerProvider implements XMLConfigurationProvider, BeanFactoryAware {

    /** The element of GeoWebCache's WMS layers. */
    static final String WMS_LAYER_ELEMENT = "wmsLayer";

    private final GeoWebCacheSettings settings;
    private final Supplier<GeoWebCacheFanout> fanout = this::fanout;
    private volatile BeanFactory beans;
    private volatile GeoWebCacheFanout found;

    public FanoutLayerProvider(GeoWebCacheSettings settings) {
        this.settings = settings;
    }

    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        this.beans = beanFactory;
    }

    @Override
    public XStream getConfiguredXStream(XStream xs) {
        if (settings.enabled()) {
            xs.alias(WMS_LAYER_ELEMENT, FanoutWMSLayer.class);
            xs.registerConverter(new LayerConverter(xs));
        }
        return xs;
    }

    @Override
    public boolean canSave(Info info) {
        return info instanceof FanoutWMSLayer;
    }

    /**
     * The engine, looked up on the first tile: GeoWebCache reads its configuration while the beans the engine
     * uses are still being made.
     */
    private GeoWebCacheFanout fanout() {
        GeoWebCacheFanout engine = found;
        if (engine == null) {
            engine = beans.getBean(GeoWebCacheFanout.class);
            found = engine;
        }
        return engine;
    }

    /** Reads and writes a layer's fields as XStream does for every layer, and connects a layer read to the engine. */
    private final class LayerConverter extends ReflectionConverter {

        LayerConverter(XStream xs) {
            super(xs.getMapper(), xs.getReflectionProvider(), FanoutWMSLayer.class);
        }

        @Override
        public Object unmarshal(HierarchicalStreamReader reader, UnmarshallingContext context) {
            FanoutWMSLayer layer = (FanoutWMSLayer) super.unmarshal(reader, context);
            layer.serveThrough(fanout);
            return layer;
        }
    }
}
