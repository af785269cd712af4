package io.github.metatilefanout.geowebcache;

import static io.github.metatilefanout.geowebcache.WmtsTiles.WORLD;
import static io.github.metatilefanout.geowebcache.WmtsTiles.WORLD_MODIFIED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.geowebcache.layer.TileLayerDispatcher;
import org.geowebcache.layer.wms.WMSLayer;
import org.geowebcache.mime.ImageMime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.BeanCreationException;

/**
 * The engine's PNG encoder writes the {@code image/png} tiles of layers without a format modifier unless {@code
 * METATILE_FANOUT_PNG_ENCODER=geowebcache}; {@link StockIdentityTest} shows its bytes are GeoWebCache's.
 */
class PngEncoderChoiceTest {

    @RegisterExtension
    static final GeoWebCacheFixture fixture = new GeoWebCacheFixture();

    @Test
    void theEnginesEncoderWritesPngTilesByDefaultAndGeoWebCachesWriterEverythingElse() throws Exception {
        PngEncoderChoice choice = new PngEncoderChoice(PngEncoderSetting.read(null));
        assertNotNull(choice.encoderFor(layer(WORLD), ImageMime.png));
        assertNull(choice.encoderFor(layer(WORLD), ImageMime.png8));
        assertNull(choice.encoderFor(layer(WORLD), ImageMime.jpeg));
        assertNull(choice.encoderFor(layer(WORLD_MODIFIED), ImageMime.png));
    }

    @Test
    void geoWebCachesWriterWritesEveryTileWhenChosen() throws Exception {
        PngEncoderChoice choice = new PngEncoderChoice(PngEncoderSetting.read("GeoWebCache"));
        assertNull(choice.encoderFor(layer(WORLD), ImageMime.png));
    }

    @Test
    void aValueThatIsNoEncoderStopsStartUpNamingTheSettingTheValueAndTheAllowedOnes() {
        BeanCreationException refused = assertThrows(
                BeanCreationException.class, () -> fixture.withPlugin(Map.of(PngEncoderSetting.NAME, "imageio")));
        assertEquals(
                "METATILE_FANOUT_PNG_ENCODER is 'imageio', but it must be fanout (the default) or geowebcache",
                refused.getMostSpecificCause().getMessage());
    }

    private static WMSLayer layer(String name) throws Exception {
        return (WMSLayer) fixture.stock().bean(TileLayerDispatcher.class).getTileLayer(name);
    }
}
