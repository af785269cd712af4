#!/usr/bin/env bash
# make-data.sh OUT_DIR: builds ne.gpkg (Natural Earth 1:10m countries and land, EPSG:4326) from the npm package
# world-atlas 2.0.2, for the GeoServer layers of configure.sh. Needs npm and GDAL's ogr2ogr (Debian gdal-bin).
set -euo pipefail
out=$(mkdir -p "${1:?usage: make-data.sh OUT_DIR}" && cd "$1" && pwd)
atlas="$out/world-atlas"
mkdir -p "$atlas"
(cd "$atlas" && npm install --silent --no-audit --no-fund world-atlas@2.0.2)
src="$atlas/node_modules/world-atlas"
rm -f "$out/ne.gpkg"
# -wrapdateline splits the polygons that cross the antimeridian (Russia, Fiji, Antarctica), which the
# TopoJSON keeps whole. Land is one multipolygon there: split into its polygons, so that a map of a small
# area reads only the polygons it shows.
ogr2ogr -f GPKG "$out/ne.gpkg" "$src/countries-10m.json" countries -nln countries -nlt MULTIPOLYGON \
  -s_srs EPSG:4326 -t_srs EPSG:4326 -wrapdateline
ogr2ogr -f GPKG "$out/ne.gpkg" "$src/land-10m.json" land -nln land -nlt POLYGON -explodecollections \
  -s_srs EPSG:4326 -t_srs EPSG:4326 -wrapdateline -append
ogrinfo -so "$out/ne.gpkg" countries | grep -E "Feature Count|Extent"
ogrinfo -so "$out/ne.gpkg" land | grep -E "Feature Count|Extent"
