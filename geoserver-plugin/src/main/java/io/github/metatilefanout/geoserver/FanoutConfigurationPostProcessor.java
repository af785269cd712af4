package io.github.metatilefanout.geoserver;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Optional;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.geowebcache.config.TileLayerConfiguration;
import org.geowebcache.layer.TileLayer;
import org.springframework.aop.framework.ProxyFactory;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Installs the plugin by decorating GeoServer's tile layer configuration, whatever it is: the {@value
 * #CATALOG_CONFIGURATION_BEAN} bean, declared with a class (GeoServer) or returned by a factory method
 * (GeoServer Cloud's decorator), is wrapped in a proxy that hands out a {@link FanoutTileLayer} for every
 * GeoServer tile layer its {@code getLayer} and {@code getLayers} return. Every other call goes to the bean
 * unchanged. The proxy extends the bean's class when it can, so that lookups by that class still find it,
 * and otherwise implements its interfaces.
 */
public class FanoutConfigurationPostProcessor
        implements BeanPostProcessor, BeanFactoryAware, SmartInitializingSingleton {

    static final String CATALOG_CONFIGURATION_BEAN = "gwcCatalogConfiguration";

    private static final Logger LOGGER = GeoServerLogBridge.logger(FanoutConfigurationPostProcessor.class);

    private ObjectProvider<GeoServerFanout> fanout;
    private volatile boolean decorated;

    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        this.fanout = beanFactory.getBeanProvider(GeoServerFanout.class);
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) throws BeansException {
        if (!CATALOG_CONFIGURATION_BEAN.equals(beanName)) {
            return bean;
        }
        if (!(bean instanceof TileLayerConfiguration)) {
            LOGGER.warning("metatile-fanout: bean '" + beanName + "' is a "
                    + bean.getClass().getName() + ", not a tile layer configuration; the plugin stays inactive");
            return bean;
        }
        ProxyFactory proxy = new ProxyFactory(bean);
        proxy.setProxyTargetClass(!Modifier.isFinal(bean.getClass().getModifiers()));
        proxy.addAdvice(new WrapLayers(new FanoutTileLayers(this::metatiling)));
        decorated = true;
        LOGGER.config(
                "metatile-fanout: tile layers of " + bean.getClass().getName() + " are served through the engine");
        return proxy.getProxy(bean.getClass().getClassLoader());
    }

    private FanoutMetatiling metatiling() {
        GeoServerFanout available = fanout.getIfAvailable();
        return available == null ? null : available.metatiling();
    }

    @Override
    public void afterSingletonsInstantiated() {
        if (!decorated) {
            LOGGER.warning("metatile-fanout: no tile layer configuration bean '" + CATALOG_CONFIGURATION_BEAN
                    + "' was created; the plugin stays inactive");
        }
    }

    /** Wraps the layers {@code getLayer(String)} and {@code getLayers()} return. */
    private record WrapLayers(FanoutTileLayers layers) implements MethodInterceptor {

        @Override
        public Object invoke(MethodInvocation invocation) throws Throwable {
            Object result = invocation.proceed();
            Method method = invocation.getMethod();
            if (isGetLayer(method) && result instanceof Optional<?> layer) {
                return layer.map(found -> layers.wrap((TileLayer) found));
            }
            if (isGetLayers(method) && result instanceof Collection<?> all) {
                return all.stream()
                        .map(found -> layers.wrap((TileLayer) found))
                        .collect(Collectors.toCollection(ArrayList::new));
            }
            return result;
        }

        private static boolean isGetLayer(Method method) {
            return method.getName().equals("getLayer")
                    && method.getParameterCount() == 1
                    && method.getParameterTypes()[0] == String.class;
        }

        private static boolean isGetLayers(Method method) {
            return method.getName().equals("getLayers") && method.getParameterCount() == 0;
        }
    }
}
