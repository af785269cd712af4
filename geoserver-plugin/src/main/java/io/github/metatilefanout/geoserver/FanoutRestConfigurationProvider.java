package io.github.metatilefanout.geoserver;

import com.thoughtworks.xstream.XStream;
import com.thoughtworks.xstream.converters.Converter;
import com.thoughtworks.xstream.converters.MarshallingContext;
import com.thoughtworks.xstream.converters.UnmarshallingContext;
import com.thoughtworks.xstream.io.HierarchicalStreamReader;
import com.thoughtworks.xstream.io.HierarchicalStreamWriter;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geowebcache.config.ContextualConfigurationProvider;
import org.geowebcache.config.Info;

/**
 * GeoWebCache's REST API sees a {@link FanoutTileLayer} as the GeoServer tile layer it wraps: the same
 * element name ({@code GeoServerLayer}) and the same document, the layer's configuration (its {@code
 * GeoServerTileLayerInfo}, which the wrapper shares) as GeoServer's REST converter writes it. Reading is
 * untouched: a document sent by PUT still becomes a plain {@link GeoServerTileLayer}, which GeoServer's
 * configuration saves as before.
 */
public class FanoutRestConfigurationProvider implements ContextualConfigurationProvider {

    /** The element name GeoServer gives its tile layers in GeoWebCache's REST API. */
    static final String ELEMENT = "GeoServerLayer";

    @Override
    public XStream getConfiguredXStream(XStream xs) {
        xs.alias(ELEMENT, FanoutTileLayer.class);
        // the element keeps naming GeoServer's class when read, whichever provider runs last
        xs.alias(ELEMENT, GeoServerTileLayer.class);
        xs.registerConverter(new AsWrappedLayer());
        return xs;
    }

    @Override
    public boolean appliesTo(Context context) {
        return context == Context.REST;
    }

    /** Never: this provider only shapes REST documents; GeoServer persists its tile layers itself. */
    @Override
    public boolean canSave(Info info) {
        return false;
    }

    /** Writes a fan-out tile layer as the GeoServer tile layer it wraps. */
    // as the converter of GWCGeoServerRESTConfigurationProvider (private), GeoServer 3.0.0
    private static final class AsWrappedLayer implements Converter {

        @Override
        public boolean canConvert(Class type) {
            return FanoutTileLayer.class.equals(type);
        }

        @Override
        public void marshal(Object source, HierarchicalStreamWriter writer, MarshallingContext context) {
            context.convertAnother(((FanoutTileLayer) source).getInfo());
        }

        @Override
        public Object unmarshal(HierarchicalStreamReader reader, UnmarshallingContext context) {
            throw new UnsupportedOperationException(ELEMENT + " documents are read as GeoServer tile layers");
        }
    }
}
