#!/usr/bin/env bash
# data.sh [WORK]: Natural Earth 1:10m countries and land (npm world-atlas 2.0.2) as web-mercator shapefiles
# with spatial indexes, in WORK/data (default benchmark/target/peers/data). Idempotent: does nothing when
# the shapefiles are there.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mkdir -p "${1:-${PEERS_WORK:-$here/../target/peers}}" && cd "${1:-${PEERS_WORK:-$here/../target/peers}}" && pwd)
data=$work/data
WORLD_ATLAS=2.0.2
# the web-mercator square: longitude -180..180, latitude -85.0511..85.0511
CLIP=(-180 -85.0511287798066 180 85.0511287798066)

[ -f "$data/land.qix" ] && [ -f "$data/countries.qix" ] && { echo "data: $data is ready"; exit 0; }
command -v ogr2ogr >/dev/null || { echo "data: needs gdal-bin (apt-get install gdal-bin)" >&2; exit 1; }
mkdir -p "$data" "$work/npm"
[ -f "$work/npm/node_modules/world-atlas/package.json" ] \
  || (cd "$work/npm" && echo '{"private": true}' > package.json \
        && npm install --no-audit --no-fund "world-atlas@$WORLD_ATLAS" >/dev/null)
atlas=$work/npm/node_modules/world-atlas

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for layer in countries land; do
  # land is one feature in world-atlas: split into its polygons so that the spatial index can skip them
  split=(); [ "$layer" = land ] && split=(-explodecollections)
  # TopoJSON to GeoJSON, antimeridian fixed, made valid, then clipped, projected and indexed
  ogr2ogr -f GeoJSON "$tmp/$layer.json" "$atlas/$layer-10m.json" "$layer"
  python3 "$here/antimeridian.py" "$tmp/$layer.json" "$tmp/$layer-flat.json"
  ogr2ogr -f GPKG "$tmp/$layer.gpkg" "$tmp/$layer-flat.json" -nln "$layer" -nlt GEOMETRY \
    -a_srs EPSG:4326 -makevalid "${split[@]}"
  rm -f "$data/$layer".*
  # (making valid turns a few slivers into lines: they are left out)
  ogr2ogr -f "ESRI Shapefile" "$data/$layer.shp" "$tmp/$layer.gpkg" -nln "$layer" -nlt MULTIPOLYGON \
    -dialect SQLite -sql "SELECT * FROM $layer WHERE GeometryType(geom) LIKE '%POLYGON%'" \
    -clipsrc "${CLIP[@]}" -t_srs EPSG:3857 -lco ENCODING=UTF-8
  shptree "$data/$layer.shp" >/dev/null
done
echo "data: $(ogrinfo -ro -so "$data/countries.shp" countries | grep -i 'feature count') countries," \
  "$(du -sh "$data" | cut -f1) in $data"
