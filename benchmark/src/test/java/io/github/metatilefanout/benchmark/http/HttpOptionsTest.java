package io.github.metatilefanout.benchmark.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HttpOptionsTest {

    private static HttpOptions parse(String... more) {
        List<String> args = new ArrayList<>(List.of("--url", "http://127.0.0.1:1/geoserver", "--layer", "l"));
        args.addAll(List.of(more));
        return HttpOptions.parse(args);
    }

    @Test
    void valuesOverrideTheDefaults() {
        HttpOptions options = parse("--zoom", "5-8", "--metatile", "10x10", "--hits", "0,50,75");
        assertArrayEquals(new int[] {5, 8}, options.zoomRange());
        assertArrayEquals(new int[] {10, 10}, options.metatile());
        assertArrayEquals(new int[] {0, 50, 75}, options.integers("hits", 0, 100));
        assertEquals(List.of("first-tile", "bursts", "load"), options.phases());
        assertEquals(TileUris.Service.WMTS, options.service());
    }

    @Test
    void wrongValuesAreRefusedWithTheValueAndWhatIsAllowed() {
        assertEquals(
                "--phases has warm-up; allowed: first-tile, bursts, load",
                assertThrows(IllegalArgumentException.class, () -> parse("--phases", "first-tile,warm-up")
                                .phases())
                        .getMessage());
        assertEquals(
                "--clients is 0; allowed range is 1 to 1000",
                assertThrows(IllegalArgumentException.class, () -> parse("--clients", "0")
                                .integer("clients", 1, 1000))
                        .getMessage());
        assertEquals(
                "--service is wfs; allowed: wmts, wms",
                assertThrows(IllegalArgumentException.class, () -> parse("--service", "wfs")
                                .service())
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> parse("--bbox", "10,0,5,1")
                .box());
        assertThrows(IllegalArgumentException.class, () -> parse("--zoom", "x").zoomRange());
        assertThrows(IllegalArgumentException.class, () -> parse("--colour", "red"));
        assertThrows(IllegalArgumentException.class, () -> HttpOptions.parse(List.of("--layer", "l")));
    }
}
