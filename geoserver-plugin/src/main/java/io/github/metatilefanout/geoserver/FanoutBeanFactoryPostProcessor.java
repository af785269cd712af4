package io.github.metatilefanout.geoserver;

import java.util.logging.Logger;
import org.geoserver.gwc.layer.CatalogConfiguration;
import org.geoserver.gwc.web.GWCSettingsPage;
import org.springframework.beans.MutablePropertyValues;
import org.springframework.beans.PropertyValue;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.TypedStringValue;

/**
 * Installs the plugin without touching GeoServer's configuration: before any bean is created, makes
 * GeoServer's tile layer configuration bean an instance of {@link FanoutCatalogConfiguration}, and points
 * the Caching Defaults menu entry at {@link FanoutCachingDefaultsPage}. Without the plugin's jar, nothing of
 * this runs and GeoServer is as before.
 */
public class FanoutBeanFactoryPostProcessor implements BeanFactoryPostProcessor {

    static final String CATALOG_CONFIGURATION_BEAN = "gwcCatalogConfiguration";
    static final String CACHING_DEFAULTS_MENU_BEAN = "gwcSettingsMenuPage";

    private static final Logger LOGGER = Logger.getLogger(FanoutBeanFactoryPostProcessor.class.getName());

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        replaceClass(
                beanFactory, CATALOG_CONFIGURATION_BEAN, CatalogConfiguration.class, FanoutCatalogConfiguration.class);
        replacePage(beanFactory);
    }

    private static void replacePage(ConfigurableListableBeanFactory beanFactory) {
        if (!beanFactory.containsBeanDefinition(CACHING_DEFAULTS_MENU_BEAN)) {
            return; // GeoServer without its web admin
        }
        MutablePropertyValues properties =
                beanFactory.getBeanDefinition(CACHING_DEFAULTS_MENU_BEAN).getPropertyValues();
        PropertyValue page = properties.getPropertyValue("componentClass");
        Object value = page == null ? null : page.getValue();
        String pageClass = value instanceof TypedStringValue typed ? typed.getValue() : String.valueOf(value);
        if (!GWCSettingsPage.class.getName().equals(pageClass)) {
            LOGGER.warning("metatile-fanout: the Caching Defaults menu entry opens " + pageClass
                    + "; its settings panel is not added there");
            return;
        }
        properties.add("componentClass", FanoutCachingDefaultsPage.class.getName());
    }

    private static void replaceClass(
            ConfigurableListableBeanFactory beanFactory, String beanName, Class<?> expected, Class<?> replacement) {
        if (!beanFactory.containsBeanDefinition(beanName)) {
            LOGGER.warning("metatile-fanout: no bean '" + beanName + "' in this GeoServer; the plugin stays inactive");
            return;
        }
        BeanDefinition definition = beanFactory.getBeanDefinition(beanName);
        if (!expected.getName().equals(definition.getBeanClassName())) {
            LOGGER.warning("metatile-fanout: bean '" + beanName + "' is a " + definition.getBeanClassName() + ", not a "
                    + expected.getName() + "; left as it is");
            return;
        }
        definition.setBeanClassName(replacement.getName());
    }
}
