#!/usr/bin/env bash
# configure.sh URL GPKG: publishes ne.gpkg (make-data.sh) in a running GeoServer through its REST API, as the
# layers the HTTP measurements use (user and password in GS_AUTH, default admin:geoserver):
#   ne:countries          countries, GeoServer's default polygon style, metatiles 4x4        (light)
#   ne:countries10        the same, metatiles 10x10                                          (light)
#   ne:countries_nocache  the same, metatiles 4x4, server cache off at every zoom level
#   ne:heavy              group: land (ne_land) + countries with labels (ne_countries_labels), 4x4
#   ne:heavy10            the same group, metatiles 10x10
set -euo pipefail
url=${1:?usage: configure.sh URL GPKG}; gpkg=$(cd "$(dirname "${2:?usage: configure.sh URL GPKG}")" && pwd)/$(basename "$2")
here=$(cd "$(dirname "$0")" && pwd)
auth=${GS_AUTH:-admin:geoserver}
rest() { # METHOD PATH CONTENT-TYPE [BODY-FILE]
  local code answer; answer=$(mktemp)
  code=$(curl -s -o "$answer" -w '%{http_code}' -u "$auth" -X "$1" -H "Content-Type: $3" \
    ${4:+--data-binary @"$4"} "$url/$2")
  [[ $code == 2* ]] || { echo "$1 $2 -> $code: $(head -c 500 "$answer")" >&2; exit 1; }
}
body() { local f; f=$(mktemp); cat > "$f"; echo "$f"; }

rest POST rest/workspaces text/xml "$(body <<<'<workspace><name>ne</name></workspace>')"
rest POST rest/workspaces/ne/datastores text/xml "$(body <<XML
<dataStore><name>ne</name><connectionParameters>
  <entry key="dbtype">geopkg</entry><entry key="database">$gpkg</entry>
</connectionParameters></dataStore>
XML
)"
for layer in countries:countries countries10:countries countries_nocache:countries land:land; do
  rest POST rest/workspaces/ne/datastores/ne/featuretypes text/xml "$(body <<XML
<featureType><name>${layer%%:*}</name><nativeName>${layer##*:}</nativeName><srs>EPSG:4326</srs></featureType>
XML
)"
done
for style in ne_land ne_countries_labels; do
  rest POST "rest/workspaces/ne/styles?name=$style" application/vnd.ogc.sld+xml "$here/$style.sld"
done
for group in heavy heavy10; do
  rest POST rest/workspaces/ne/layergroups text/xml "$(body <<XML
<layerGroup><name>$group</name><mode>SINGLE</mode>
  <publishables><published type="layer">ne:land</published><published type="layer">ne:countries</published></publishables>
  <styles><style>ne:ne_land</style><style>ne:ne_countries_labels</style></styles>
</layerGroup>
XML
)"
done

# GeoWebCache's configuration of each tile layer, changed through its REST API
tile_layer() { # NAME SED-EXPRESSION
  local f; f=$(mktemp)
  curl -sf -u "$auth" "$url/gwc/rest/layers/$1.xml" | sed -e "$2" > "$f"
  rest PUT "gwc/rest/layers/$1.xml" text/xml "$f"
}
metatile10='/<metaWidthHeight>/,/<\/metaWidthHeight>/s/<int>4<\/int>/<int>10<\/int>/g'
tile_layer ne:countries10 "$metatile10"
tile_layer ne:heavy10 "$metatile10"
tile_layer ne:countries_nocache \
  's|<expireCache>0</expireCache>|<expireCache>0</expireCache><expireCacheList><expirationRule minZoom="0" expiration="-1"/></expireCacheList>|'
echo "configured: ne:countries ne:countries10 ne:countries_nocache ne:heavy ne:heavy10"
