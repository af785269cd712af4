package io.github.metatilefanout.geoserver;

import java.util.Collection;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import org.geoserver.gwc.layer.GeoServerTileLayer;
import org.geowebcache.config.TileLayerConfiguration;
import org.geowebcache.grid.GridSetBroker;
import org.geowebcache.layer.TileLayer;

/**
 * A tile layer configuration as GeoServer Cloud has one: a final decorator, returned by a factory method,
 * whose catalog builds a new GeoServer tile layer object on every call.
 */
public final class PerCallTileLayerConfiguration implements TileLayerConfiguration {

    private final TileLayerConfiguration delegate;
    private final GridSetBroker gridSets;

    private PerCallTileLayerConfiguration(TileLayerConfiguration delegate, GridSetBroker gridSets) {
        this.delegate = delegate;
        this.gridSets = gridSets;
    }

    /** The factory method the test context declares the bean with. */
    public static TileLayerConfiguration decorate(TileLayerConfiguration delegate, GridSetBroker gridSets) {
        return new PerCallTileLayerConfiguration(delegate, gridSets);
    }

    private TileLayer fresh(TileLayer layer) {
        GeoServerTileLayer stored = (GeoServerTileLayer) layer;
        return new GeoServerTileLayer(stored.getPublishedInfo(), gridSets, stored.getInfo());
    }

    @Override
    public Collection<? extends TileLayer> getLayers() {
        return delegate.getLayers().stream().map(this::fresh).toList();
    }

    @Override
    public Optional<TileLayer> getLayer(String layerName) {
        return delegate.getLayer(layerName).map(this::fresh);
    }

    @Override
    public int getLayerCount() {
        return delegate.getLayerCount();
    }

    @Override
    public Set<String> getLayerNames() {
        return delegate.getLayerNames();
    }

    @Override
    public void removeLayer(String layerName) throws NoSuchElementException, IllegalArgumentException {
        delegate.removeLayer(layerName);
    }

    @Override
    public void modifyLayer(TileLayer tl) throws NoSuchElementException {
        delegate.modifyLayer(tl);
    }

    @Override
    public void renameLayer(String oldName, String newName) throws NoSuchElementException, IllegalArgumentException {
        delegate.renameLayer(oldName, newName);
    }

    @Override
    public void addLayer(TileLayer tl) throws IllegalArgumentException {
        delegate.addLayer(tl);
    }

    @Override
    public boolean containsLayer(String layerName) {
        return delegate.containsLayer(layerName);
    }

    @Override
    public boolean canSave(TileLayer tl) {
        return delegate.canSave(tl);
    }

    @Override
    public void setGridSetBroker(GridSetBroker broker) {
        delegate.setGridSetBroker(broker);
    }

    @Override
    public String getIdentifier() {
        return delegate.getIdentifier();
    }

    @Override
    public String getLocation() {
        return delegate.getLocation();
    }

    /** The delegate, an inner bean, was initialised by Spring already. */
    @Override
    public void afterPropertiesSet() {}

    @Override
    public void deinitialize() throws Exception {
        delegate.deinitialize();
    }

    @Override
    public void reinitialize() throws Exception {
        delegate.reinitialize();
    }
}
