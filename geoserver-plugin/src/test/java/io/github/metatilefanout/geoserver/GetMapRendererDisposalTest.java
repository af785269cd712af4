package io.github.metatilefanout.geoserver;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import io.github.metatilefanout.engine.MetatileImage;
import io.github.metatilefanout.engine.TileKey;
import io.github.metatilefanout.gwc.MetatileChoice;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.lang.reflect.Field;
import java.util.Map;
import org.geoserver.gwc.GWC;
import org.geoserver.gwc.GWCSynchEnv;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geoserver.gwc.layer.GeoServerTileLayerInfo;
import org.geoserver.wms.map.RenderedImageMap;
import org.geowebcache.config.DefaultGridsets;
import org.geowebcache.conveyor.ConveyorTile;
import org.geowebcache.grid.GridSubset;
import org.geowebcache.grid.GridSubsetFactory;
import org.geowebcache.mime.ImageMime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The map a GetMap makes is disposed exactly once, whichever step after the GetMap fails. */
class GetMapRendererDisposalTest {

    private static final long[] TILE_INDEX = {0, 0, 1};

    private final GWC gwc = mock(GWC.class);
    private final GeoServerTileLayer layer = mock(GeoServerTileLayer.class);
    private final ConveyorTile tile = mock(ConveyorTile.class);
    private final RenderedImageMap map = mock(RenderedImageMap.class);
    private FanoutMetaTile metaTile;
    private GetMapRenderer renderer;
    private Object previousGwc;

    @BeforeEach
    void setUp() throws Exception {
        previousGwc = gwcInstance().get(null);
        GWC.set(gwc, mock(GWCSynchEnv.class));
        GridSubset gridSubset = GridSubsetFactory.createGridSubSet(new DefaultGridsets(false, false).worldEpsg4326());
        when(tile.getTileIndex()).thenReturn(TILE_INDEX);
        when(tile.getMimeType()).thenReturn(ImageMime.png);
        when(tile.getFilteringParameters()).thenReturn(Map.of());
        when(layer.getName()).thenReturn("roads");
        when(layer.getDefaultParameterFilters()).thenReturn(Map.of());
        when(map.getImage()).thenReturn(new BufferedImage(512, 256, BufferedImage.TYPE_INT_ARGB));
        TileKey key = new TileKey("roads", gridSubset.getName(), "png", null, 0, 0, 1);
        metaTile = new FanoutMetaTile(gridSubset, ImageMime.png, TILE_INDEX, 2, 1, 0, key);
        renderer = new GetMapRenderer(layer, tile, MetatileChoice.of(metaTile, null, FanoutMetaTile::metatile));
    }

    @AfterEach
    void restoreGwc() throws Exception {
        gwcInstance().set(null, previousGwc);
        GeoServerTileLayer.WEB_MAP.remove();
    }

    @Test
    void aDispatchThatFailsAfterMakingAMapDisposesIt() throws Exception {
        IOException failure = new IOException("writing the response failed");
        doAnswer(invocation -> {
                    GeoServerTileLayer.WEB_MAP.set(map);
                    throw failure;
                })
                .when(gwc)
                .dispatchOwsRequest(any(), any());

        assertSame(failure, assertThrows(IOException.class, () -> renderer.render(metaTile.metatile())));

        verify(map, times(1)).dispose();
    }

    @Test
    void aFailureAfterTheGetMapBeforeTheImageIsHandedOverDisposesTheMap() throws Exception {
        answerWithTheMap();
        IllegalStateException failure = new IllegalStateException("layer info gone");
        when(layer.getInfo()).thenThrow(failure);

        assertSame(failure, assertThrows(IllegalStateException.class, () -> renderer.render(metaTile.metatile())));

        verify(map, times(1)).dispose();
    }

    @Test
    void anImageHandedOverIsLeftToTheEngineToDispose() throws Exception {
        answerWithTheMap();
        when(layer.getInfo()).thenReturn(mock(GeoServerTileLayerInfo.class));

        MetatileImage image = renderer.render(metaTile.metatile());

        assertSame(map.getImage(), image.image());
        verify(map, never()).dispose();
    }

    private void answerWithTheMap() throws Exception {
        doAnswer(invocation -> {
                    GeoServerTileLayer.WEB_MAP.set(map);
                    return null;
                })
                .when(gwc)
                .dispatchOwsRequest(any(), any());
    }

    /** GWC's instance, which GWC.get() returns: restored after each test for GeoServer's own tests in this JVM. */
    private static Field gwcInstance() throws NoSuchFieldException {
        Field instance = GWC.class.getDeclaredField("INSTANCE");
        instance.setAccessible(true);
        return instance;
    }
}
