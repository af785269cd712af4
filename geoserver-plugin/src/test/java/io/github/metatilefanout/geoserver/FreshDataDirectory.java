package io.github.metatilefanout.geoserver;

import java.io.File;
import org.apache.commons.io.FileUtils;
import org.geoserver.config.GeoServer;
import org.geoserver.data.test.SystemTestData;

/** GeoServer's default test data directory made afresh, as GeoServer's own GWC integration tests do. */
final class FreshDataDirectory {

    private FreshDataDirectory() {}

    /** Deletes what the tests left in the data directory, writes the default test data again, reloads. */
    static void restore(SystemTestData testData, GeoServer geoServer) throws Exception {
        for (File file : testData.getDataDirectoryRoot().listFiles()) {
            FileUtils.deleteQuietly(file);
        }
        testData.setUp();
        testData.setUpDefault();
        geoServer.reload();
    }
}
