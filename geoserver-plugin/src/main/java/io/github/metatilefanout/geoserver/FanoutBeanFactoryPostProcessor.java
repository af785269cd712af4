package io.github.metatilefanout.geoserver;

import java.util.logging.Logger;
import org.geoserver.gwc.web.GWCSettingsPage;
import org.springframework.beans.MutablePropertyValues;
import org.springframework.beans.PropertyValue;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.TypedStringValue;

/**
 * Points the Caching Defaults menu entry at {@link FanoutCachingDefaultsPage}, GeoServer's page with the
 * plugin's settings panel, before any bean is created. Without the plugin's jar, nothing of this runs.
 */
public class FanoutBeanFactoryPostProcessor implements BeanFactoryPostProcessor {

    static final String CACHING_DEFAULTS_MENU_BEAN = "gwcSettingsMenuPage";

    private static final Logger LOGGER = GeoServerLogBridge.logger(FanoutBeanFactoryPostProcessor.class);

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
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
}
