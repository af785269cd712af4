package io.github.metatilefanout.geoserver;

import static org.awaitility.Awaitility.await;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.thoughtworks.xstream.XStream;
import com.thoughtworks.xstream.io.json.JsonHierarchicalStreamDriver;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.geoserver.data.test.MockData;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geoserver.platform.GeoServerExtensions;
import org.geoserver.test.GeoServerSystemTestSupport;
import org.geowebcache.config.ContextualConfigurationProvider.Context;
import org.geowebcache.config.XMLConfiguration;
import org.geowebcache.io.GeoWebCacheXStream;
import org.geowebcache.seed.TileBreeder;
import org.geowebcache.storage.StorageBroker;
import org.geowebcache.storage.TileObject;
import org.json.JSONArray;
import org.json.JSONObject;
import org.junit.Test;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * GeoWebCache's REST API with the plugin installed: GET and PUT of one tile layer (XML and JSON) and the
 * layer list give the documents GeoServer gives for its own tile layer built from the same configuration.
 */
public class FanoutRestApiTest extends GeoServerSystemTestSupport {

    private static final String LAYER =
            MockData.BASIC_POLYGONS.getPrefix() + ":" + MockData.BASIC_POLYGONS.getLocalPart();
    private static final String LAYER_URL = "gwc/rest/layers/" + LAYER;

    @Test
    public void getOfOneLayerAsXmlIsGeoServersDocument() throws Exception {
        assertTrue(GWC.get().getTileLayerByName(LAYER) instanceof FanoutTileLayer);

        MockHttpServletResponse response = getAsServletResponse(LAYER_URL + ".xml");

        assertEquals(200, response.getStatus());
        assertTrue(response.getContentType(), response.getContentType().startsWith("application/xml"));
        String document = response.getContentAsString();
        assertEquals(stockXml(), document);
        assertTrue(document, document.contains("<GeoServerLayer>") && document.contains("<name>" + LAYER + "</name>"));
        assertFalse(document, document.contains("fanout"));
    }

    @Test
    public void getOfOneLayerAsJsonIsGeoServersDocument() throws Exception {
        MockHttpServletResponse response = getAsServletResponse(LAYER_URL + ".json");

        assertEquals(200, response.getStatus());
        assertTrue(response.getContentType(), response.getContentType().startsWith("application/json"));
        JSONObject document = new JSONObject(response.getContentAsString());
        assertTrue(document.toString(), document.similar(stockJson()));
        assertEquals(LAYER, document.getJSONObject("GeoServerLayer").getString("name"));
    }

    @Test
    public void putOfOneLayerAsXmlChangesItAsWithoutThePlugin() throws Exception {
        String document = getAsServletResponse(LAYER_URL + ".xml").getContentAsString();
        assertTrue(document, document.contains("<gutter>0</gutter>"));

        MockHttpServletResponse response = putAsServletResponse(
                LAYER_URL + ".xml", document.replace("<gutter>0</gutter>", "<gutter>7</gutter>"), "text/xml");

        assertEquals(response.getContentAsString(), 200, response.getStatus());
        FanoutTileLayer changed = (FanoutTileLayer) GWC.get().getTileLayerByName(LAYER);
        assertEquals(7, changed.getInfo().getGutter());
        assertEquals(stockXml(), getAsServletResponse(LAYER_URL + ".xml").getContentAsString());
    }

    /**
     * A JSON document as an admin writes it. (The JSON that GET returns, parameter filters included, is not
     * read back by GeoWebCache's JSON reader, with or without the plugin: reading never reaches its code.)
     */
    @Test
    public void putOfOneLayerAsJsonChangesItAsWithoutThePlugin() throws Exception {
        GeoServerTileLayer current = (GeoServerTileLayer) GWC.get().getTileLayerByName(LAYER);
        String document = "{\"GeoServerLayer\": {\"id\": \"" + current.getId() + "\", \"name\": \"" + LAYER
                + "\", \"enabled\": true, \"mimeFormats\": {\"string\": [\"image/png\", \"image/jpeg\"]},"
                + " \"gridSubsets\": {\"gridSubset\": [{\"gridSetName\": \"EPSG:4326\"},"
                + " {\"gridSetName\": \"EPSG:900913\"}]}, \"metaWidthHeight\": {\"int\": [4, 4]}, \"gutter\": 9}}";

        MockHttpServletResponse response = putAsServletResponse(LAYER_URL + ".json", document, "application/json");

        assertEquals(response.getContentAsString(), 200, response.getStatus());
        assertEquals(
                9,
                ((FanoutTileLayer) GWC.get().getTileLayerByName(LAYER))
                        .getInfo()
                        .getGutter());
        JSONObject after =
                new JSONObject(getAsServletResponse(LAYER_URL + ".json").getContentAsString());
        assertTrue(after.toString(), after.similar(stockJson()));
    }

    @Test
    public void layerListNamesEveryTileLayer() throws Exception {
        Set<String> expected = new TreeSet<>(GWC.get().getTileLayerNames());
        assertTrue(expected.contains(LAYER));

        MockHttpServletResponse xml = getAsServletResponse("gwc/rest/layers.xml");
        assertEquals(200, xml.getStatus());
        for (String name : expected) {
            assertTrue(name, xml.getContentAsString().contains("<name>" + name + "</name>"));
        }

        MockHttpServletResponse json = getAsServletResponse("gwc/rest/layers.json");
        assertEquals(200, json.getStatus());
        Set<String> listed = new TreeSet<>();
        new JSONArray(json.getContentAsString()).forEach(name -> listed.add((String) name));
        assertEquals(expected, listed);
    }

    /** A seed task posted through REST stores every tile of its zoom level; a REST truncate removes them. */
    @Test
    public void seedAndTruncateThroughRest() throws Exception {
        GeoServerFanout fanout = GeoServerExtensions.bean(GeoServerFanout.class);
        long renders = fanout.metrics().getRenders();
        String seed = "<seedRequest><name>" + LAYER + "</name><gridSetId>EPSG:4326</gridSetId>"
                + "<zoomStart>2</zoomStart><zoomStop>2</zoomStop><format>image/png</format><type>seed</type>"
                + "<threadCount>1</threadCount></seedRequest>";

        MockHttpServletResponse seeded = postAsServletResponse("gwc/rest/seed/" + LAYER + ".xml", seed, "text/xml");

        assertEquals(seeded.getContentAsString(), 200, seeded.getStatus());
        TileBreeder breeder = GeoServerExtensions.bean(TileBreeder.class);
        await().atMost(60, TimeUnit.SECONDS)
                .until(() -> !breeder.getRunningAndPendingTasks().hasNext());
        assertEquals(32, storedTilesAtZoom2());
        assertEquals(
                "two 4x4 metatiles, rendered by the engine",
                renders + 2,
                fanout.metrics().getRenders());

        MockHttpServletResponse truncated = postAsServletResponse(
                "gwc/rest/masstruncate",
                "<truncateLayer><layerName>" + LAYER + "</layerName></truncateLayer>",
                "text/xml");

        assertEquals(truncated.getContentAsString(), 200, truncated.getStatus());
        assertEquals(0, storedTilesAtZoom2());
    }

    private static int storedTilesAtZoom2() throws Exception {
        StorageBroker broker = GeoServerExtensions.bean(StorageBroker.class);
        int stored = 0;
        for (long x = 0; x < 8; x++) {
            for (long y = 0; y < 4; y++) {
                if (broker.get(TileObject.createQueryTileObject(
                        LAYER, new long[] {x, y, 2}, "EPSG:4326", "image/png", null))) {
                    stored++;
                }
            }
        }
        return stored;
    }

    /** What GeoWebCache's REST API writes for GeoServer's own tile layer with the current configuration. */
    private String stockXml() {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + restXStream(new GeoWebCacheXStream()).toXML(stockLayer());
    }

    private JSONObject stockJson() {
        return new JSONObject(restXStream(new GeoWebCacheXStream(new JsonHierarchicalStreamDriver()))
                .toXML(stockLayer()));
    }

    private static GeoServerTileLayer stockLayer() {
        GeoServerTileLayer current = (GeoServerTileLayer) GWC.get().getTileLayerByName(LAYER);
        return new GeoServerTileLayer(current.getPublishedInfo(), GWC.get().getGridSetBroker(), current.getInfo());
    }

    private XStream restXStream(XStream xs) {
        return XMLConfiguration.getConfiguredXStreamWithContext(xs, applicationContext, Context.REST);
    }
}
