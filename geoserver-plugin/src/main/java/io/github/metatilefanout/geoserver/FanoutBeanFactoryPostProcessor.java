package io.github.metatilefanout.geoserver;

import java.util.logging.Logger;
import org.geoserver.gwc.layer.CatalogConfiguration;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

/**
 * Installs the plugin without touching GeoServer's configuration: before any bean is created, makes
 * GeoServer's tile layer configuration bean an instance of {@link FanoutCatalogConfiguration}. Without the
 * plugin's jar, nothing of this runs and GeoServer is as before.
 */
public class FanoutBeanFactoryPostProcessor implements BeanFactoryPostProcessor {

    static final String CATALOG_CONFIGURATION_BEAN = "gwcCatalogConfiguration";

    private static final Logger LOGGER = Logger.getLogger(FanoutBeanFactoryPostProcessor.class.getName());

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        replaceClass(beanFactory, CATALOG_CONFIGURATION_BEAN, CatalogConfiguration.class, FanoutCatalogConfiguration.class);
    }

    private static void replaceClass(
            ConfigurableListableBeanFactory beanFactory, String beanName, Class<?> expected, Class<?> replacement) {
        if (!beanFactory.containsBeanDefinition(beanName)) {
            LOGGER.warning("metatile-fanout: no bean '" + beanName + "' in this GeoServer; the plugin stays inactive");
            return;
        }
        BeanDefinition definition = beanFactory.getBeanDefinition(beanName);
        if (!expected.getName().equals(definition.getBeanClassName())) {
            LOGGER.warning("metatile-fanout: bean '" + beanName + "' is a " + definition.getBeanClassName()
                    + ", not a " + expected.getName() + "; left as it is");
            return;
        }
        definition.setBeanClassName(replacement.getName());
    }
}
