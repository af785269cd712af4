<?xml version="1.0" encoding="UTF-8"?>
<!-- ne:countries_slow (nodes.sh): a halo drawn from buffer() of every 1:10m country polygon, then the countries
     themselves. The buffer is what makes a metatile slow to render (a second or more for a 10x10 metatile at
     zoom 9 on an idle core), long enough to kill the node that renders it during its GetMap. -->
<StyledLayerDescriptor version="1.0.0" xmlns="http://www.opengis.net/sld" xmlns:ogc="http://www.opengis.net/ogc">
  <NamedLayer>
    <Name>slow</Name>
    <UserStyle>
      <FeatureTypeStyle>
        <Rule>
          <PolygonSymbolizer>
            <Geometry>
              <ogc:Function name="buffer">
                <ogc:PropertyName>geom</ogc:PropertyName>
                <ogc:Literal>0.1</ogc:Literal>
              </ogc:Function>
            </Geometry>
            <Fill><CssParameter name="fill">#c9dbe8</CssParameter></Fill>
          </PolygonSymbolizer>
        </Rule>
      </FeatureTypeStyle>
      <FeatureTypeStyle>
        <Rule>
          <PolygonSymbolizer>
            <Fill><CssParameter name="fill">#e8e2cc</CssParameter></Fill>
            <Stroke>
              <CssParameter name="stroke">#7a6a58</CssParameter>
              <CssParameter name="stroke-width">0.8</CssParameter>
            </Stroke>
          </PolygonSymbolizer>
        </Rule>
      </FeatureTypeStyle>
    </UserStyle>
  </NamedLayer>
</StyledLayerDescriptor>
