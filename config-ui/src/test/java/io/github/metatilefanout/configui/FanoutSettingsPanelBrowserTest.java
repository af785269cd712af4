package io.github.metatilefanout.configui;

import static io.github.metatilefanout.configui.MemoryConfiguration.values;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.metatilefanout.engine.FanoutSettings;
import io.github.metatilefanout.engine.settings.SettingValues;
import jakarta.servlet.DispatcherType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.apache.wicket.protocol.http.WicketFilter;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The panel in a real browser: served by Jetty on 127.0.0.1, driven by headless Chromium. Skipped when Debian's
 * {@code chromium} and {@code chromium-driver} are not installed. Leaves screenshots in {@code
 * target/screenshots/}.
 */
class FanoutSettingsPanelBrowserTest {

    private static final Path CHROMIUM = Path.of(System.getProperty("chromium.binary", "/usr/bin/chromium"));
    private static final Path CHROMEDRIVER =
            Path.of(System.getProperty("chromedriver.binary", "/usr/bin/chromedriver"));
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path browserProfile;

    private final MemoryConfiguration configuration = new MemoryConfiguration();
    private Server server;
    private WebDriver browser;
    private String address;

    @BeforeEach
    void start() throws Exception {
        assumeTrue(
                Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "Skipping the browser test: " + CHROMIUM + " or " + CHROMEDRIVER + " is missing"
                        + " (apt-get install chromium chromium-driver)");
        server = serve(new PanelTestApplication(configuration, new StubMetrics(4)));
        browser = chromium();
    }

    @AfterEach
    void stop() throws Exception {
        if (browser != null) {
            browser.quit();
        }
        if (server != null) {
            server.stop();
        }
    }

    @Test
    void badValueIsShownThenGoodValueSaved() throws IOException {
        browser.get(address);
        assertEquals(
                "Metatile fan-out",
                browser.findElement(By.cssSelector(".mtf-title")).getText());

        type("poolSize", "abc");
        browser.findElement(By.name("save")).click();

        String error = awaitMessage(".feedbackPanelERROR");
        assertEquals(
                "Pool size: 'abc' is not a whole number; enter one from 0 to 256, or leave it empty for the default.",
                error);
        assertEquals("true", field("poolSize").getAttribute("aria-invalid"));
        screenshot("config-panel-error.png");
        assertEquals(SettingValues.NONE, configuration.stored());
        assertEquals(List.of(), configuration.applied);

        type("poolSize", "3");
        type("queueBound", "6");
        type("lockTimeoutSeconds", "45");
        browser.findElement(By.name("save")).click();

        String success = awaitMessage(".feedbackPanelSUCCESS");
        assertEquals(
                "Saved and applied: pool size 3, queue bound 6, store threads 16, lock wait timeout 45 seconds, single tiles on uncached"
                        + " zoom levels off.",
                success);
        assertEquals(List.of(new FanoutSettings(3, 6, 16, Duration.ofSeconds(45), false)), configuration.applied);
        assertEquals(values(3, 6, 45), configuration.stored());
        assertEquals("3", field("poolSize").getAttribute("value"));
        String status = browser.findElement(By.cssSelector(".mtf-status")).getText();
        assertTrue(status.startsWith("Fan-out pool status"), status);
        assertTrue(status.contains("Pool threads busy 3 of 4"), status);
        screenshot("config-panel.png");
    }

    private Server serve(PanelTestApplication application) throws Exception {
        Server jetty = new Server();
        ServerConnector connector = new ServerConnector(jetty);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        jetty.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler(ServletContextHandler.SESSIONS);
        context.setContextPath("/");
        FilterHolder wicket = new FilterHolder(new WicketFilter(application));
        wicket.setInitParameter(WicketFilter.FILTER_MAPPING_PARAM, "/*");
        context.addFilter(wicket, "/*", EnumSet.of(DispatcherType.REQUEST));
        jetty.setHandler(context);
        jetty.start();
        address = "http://127.0.0.1:" + connector.getLocalPort() + "/";
        return jetty;
    }

    private WebDriver chromium() {
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--window-size=1000,1000",
                "--lang=en-US",
                "--user-data-dir=" + browserProfile);
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(WAIT);
        return driver;
    }

    private WebElement field(String name) {
        return browser.findElement(By.name(name));
    }

    private void type(String name, String text) {
        WebElement field = field(name);
        field.clear();
        field.sendKeys(text);
    }

    private String awaitMessage(String selector) {
        return await().atMost(WAIT)
                .ignoreExceptions()
                .until(() -> browser.findElement(By.cssSelector(selector)).getText(), text -> !text.isEmpty());
    }

    private void screenshot(String name) throws IOException {
        Files.createDirectories(SCREENSHOTS);
        Files.write(SCREENSHOTS.resolve(name), ((ChromeDriver) browser).getScreenshotAs(OutputType.BYTES));
    }
}
