package io.github.metatilefanout.configui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every translation has every English text. */
class TextsTest {

    @ParameterizedTest
    @CsvSource({"FanoutSettingsPanel, fr", "FanoutSettingsPanel, de", "FanoutStatusPanel, fr", "FanoutStatusPanel, de"})
    void translationHasTheEnglishKeys(String component, String language) throws IOException {
        assertEquals(
                texts(component).keySet(), texts(component + "_" + language).keySet());
    }

    /** The texts of {@code name}.properties, next to this class. */
    static Properties texts(String name) throws IOException {
        Properties texts = new Properties();
        try (InputStream in = TextsTest.class.getResourceAsStream(name + ".properties")) {
            assertNotNull(in, name);
            texts.load(in);
        }
        return texts;
    }
}
