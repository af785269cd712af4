package io.github.metatilefanout.benchmark.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParameterException;

class HttpOptionsTest {

    private static HttpOptions parse(String... more) {
        List<String> args = new ArrayList<>(List.of("--url", "http://127.0.0.1:1/geoserver", "--layer", "l"));
        args.addAll(List.of(more));
        return ParsedOptions.parse(args.toArray(String[]::new));
    }

    private static String refused(String... more) {
        return assertThrows(ParameterException.class, () -> parse(more)).getMessage();
    }

    @Test
    void valuesOverrideTheDefaults() {
        HttpOptions options = parse("--zoom", "5-8", "--metatile", "10x10", "--hits", "0,50,75", "--service", "WMS");
        assertArrayEquals(new int[] {5, 8}, options.zoomRange());
        assertArrayEquals(new int[] {10, 10}, options.metatileSize());
        assertArrayEquals(new int[] {0, 50, 75}, options.hits);
        assertEquals(List.of("first-tile", "bursts", "load"), options.phases);
        assertEquals(TileClient.Service.WMS, options.service);
        assertEquals(TileClient.Service.WMTS, parse().service);
        assertArrayEquals(new double[] {-180, -85, 180, 85}, parse().box());
    }

    @Test
    void wrongValuesAreRefusedWithTheValueAndWhatIsAllowed() {
        assertEquals(
                "--phases has warm-up; allowed: first-tile, bursts, load", refused("--phases", "first-tile,warm-up"));
        assertEquals("--clients is 0; allowed range is 1 to 1000", refused("--clients", "0"));
        assertEquals("--hits is 101; allowed range is 0 to 100", refused("--hits", "0,101"));
        assertEquals("--zoom has x, not an integer", refused("--zoom", "x"));
        assertEquals("--zoom is 4; allowed range is 5 to 30", refused("--zoom", "5-4"));
        assertEquals("--metatile is 4; allowed: WxH, e.g. 4x4", refused("--metatile", "4"));
        assertEquals(
                "--bbox is 10,0,5,1; allowed: west,south,east,north in degrees, west < east within -180..180, south"
                        + " < north within -90..90",
                refused("--bbox", "10,0,5,1"));
        assertThrows(ParameterException.class, () -> parse("--service", "wfs"));
        assertThrows(ParameterException.class, () -> parse("--colour", "red"));
        assertThrows(ParameterException.class, () -> ParsedOptions.parse("--layer", "l"));
    }
}
