#!/usr/bin/env bash
# phases.sh URL LOG_FILE light|heavy: the http driver's runs of one measurement round against one running
# GeoServer whose data directory was configured by configure.sh and whose tile cache is empty. Run it on stock
# GeoServer and on GeoServer with the plugin, each on a fresh copy of the same data directory.
#   light: ne:countries 4x4 (first tile, 16-sibling bursts, 8 clients at 0/75 % hits), ne:countries10
#          10x10 (first tile, 8 clients at 0/75 % hits), ne:countries_nocache (server cache off)
#   heavy: ne:heavy 4x4 and ne:heavy10 10x10, the same phases but the cache-off one
set -euo pipefail
url=${1:?usage: phases.sh URL LOG_FILE light|heavy}; log=${2:?}; kind=${3:?}
jar=$(cd "$(dirname "$0")/.." && pwd)/target/benchmarks.jar
drive() { java -jar "$jar" http --url "$url" --timeout 30 --log-file "$log" "$@"; }

# runs LAYER WARM_ZOOM WARM_FIRST WARM_REQUESTS FIRST BURSTS HOT REQUESTS FIRST_10 HOT_10 REQUESTS_10
runs() {
  echo "# JIT warm-up on another area (Americas), not reported"
  drive --layer "$1" --bbox -130,-55,-35,70 --zoom "$2" --phases first-tile,load --first-tiles "$3" --hits 0 \
    --hot-metatiles 0 --requests "$4" --seconds 60 > /dev/null
  echo "# 4x4"
  drive --layer "$1" --bbox -20,-35,140,70 --zoom 6-8 --metatile 4x4 --phases first-tile,bursts,load \
    --first-tiles "$5" --bursts "$6" --clients 8 --hits 0,75 --hot-metatiles "$7" --requests "$8" --seconds 90
  echo "# 10x10"
  drive --layer "${1}10" --bbox -20,-35,140,70 --zoom 7-9 --metatile 10x10 --phases first-tile,load \
    --first-tiles "$9" --clients 8 --hits 0,75 --hot-metatiles "${10}" --requests "${11}" --seconds 120
}

if [ "$kind" = light ]; then
  runs ne:countries 6-8 30 200 60 20 24 400 30 4 160
  echo "# server cache off (no draining: nothing is stored)"
  drive --layer ne:countries_nocache --bbox -20,-35,140,70 --zoom 6-8 --metatile 4x4 --phases first-tile \
    --first-tiles 3 --drain false
else
  runs ne:heavy 7-8 20 40 40 12 16 120 12 2 60
fi
