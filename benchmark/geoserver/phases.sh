#!/usr/bin/env bash
# phases.sh URL LOG_FILE light|heavy: the http driver's runs of one measurement round against one running
# GeoServer whose data directory was configured by configure.sh and whose tile cache is empty. Run it on stock
# GeoServer and on GeoServer with the plugin, each on a fresh copy of the same data directory.
#   light: ne:countries 4x4 (first tile, 16-sibling bursts, 8 clients at 0/75/100 % hits), ne:countries10
#          10x10 (first tile, 8 clients at 0/75 % hits), ne:countries_nocache (server cache off)
#   heavy: ne:heavy 4x4 and ne:heavy10 10x10, the same phases but the cache-off one
set -euo pipefail
url=${1:?usage: phases.sh URL LOG_FILE light|heavy}; log=${2:?}; kind=${3:?}
jar=$(cd "$(dirname "$0")/.." && pwd)/target/benchmarks.jar
drive() { java -jar "$jar" http --url "$url" --timeout 30 --log-file "$log" "$@"; }

# runs LAYER BBOX ZOOM_4x4 FIRST BURSTS REQUESTS ZOOM_10x10 FIRST_10 REQUESTS_10 SECONDS
runs() {
  echo "# JIT warm-up on another area (Americas), not reported"
  drive --layer "$1" --bbox -130,-55,-35,70 --zoom 7-8 --phases first-tile,load --first-tiles 20 --hits 0 \
    --hot-metatiles 0 --requests 100 --seconds 60 > /dev/null
  echo "# 4x4"
  drive --layer "$1" --bbox "$2" --zoom "$3" --metatile 4x4 --phases first-tile,bursts,load --first-tiles "$4" \
    --bursts "$5" --clients 8 --hits 0,75,100 --hot-metatiles 24 --requests "$6" --seconds "${10}"
  echo "# 10x10"
  drive --layer "${1}10" --bbox "$2" --zoom "$7" --metatile 10x10 --phases first-tile,load --first-tiles "$8" \
    --clients 8 --hits 0,75 --hot-metatiles 2 --requests "$9" --seconds "${10}"
}

if [ "$kind" = light ]; then
  runs ne:countries -20,-35,140,70 6-8 60 20 400 7-9 30 160 90
  echo "# server cache off (no draining: nothing is stored)"
  drive --layer ne:countries_nocache --bbox -20,-35,140,70 --zoom 6-8 --metatile 4x4 --phases first-tile \
    --first-tiles 3 --drain false
else
  runs ne:heavy -180,-78,180,78 5-6 40 12 100 6-7 12 60 120
fi
