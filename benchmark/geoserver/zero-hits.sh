#!/usr/bin/env bash
# zero-hits.sh URL LOG_FILE PID: the light layer ne:countries (4x4) on one running GeoServer (process PID) whose data
# directory was configured by configure.sh and whose tile cache is empty; run it on stock GeoServer and on
# GeoServer with the plugin, each on a fresh copy of the same data directory.
#   warm-up (not reported): the Americas, zoom 6-8, 30 first tiles and 600 requests at 0 % hits, then zoom 9,
#   1200 requests at 0 % hits
#   first tile (60, one client) and 16-sibling bursts (20): zoom 6-7 of -20,-35,140,70
#   8 clients at 0 % hits, 700 requests: zoom 8 of the same box, then the CPU it cost until the server was idle
#   again (every sibling stored): the server's per metatile, by thread group, the driver's, the machine's
set -euo pipefail
url=${1:?usage: zero-hits.sh URL LOG_FILE PID}; log=${2:?}; pid=${3:?}
jar=$(cd "$(dirname "$0")/.." && pwd)/target/benchmarks.jar
driver=(java -jar "$jar" http --url "$url" --timeout 30 --log-file "$log" --layer ne:countries --metatile 4x4)
drive() { "${driver[@]}" "$@"; }
ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
system_ticks() { awk '{ print $15 }' "/proc/$pid/stat"; }
busy() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat; }
threads() { # one line per thread of the server: id, CPU ticks, name
  for task in /proc/"$pid"/task/*; do
    awk -v id="${task##*/}" '{ name = $0; sub(/^[^(]*\(/, "", name); sub(/\).*$/, "", name)
      sub(/^.*\) /, ""); print id, $12 + $13, name }' "$task/stat" 2>/dev/null || true
  done
}
hz=$(getconf CLK_TCK); requests=700

drive --bbox -130,-55,-35,70 --zoom 6-8 --phases first-tile,load --first-tiles 30 --hits 0 --hot-metatiles 0 \
  --requests 600 --seconds 60 > /dev/null
drive --bbox -130,-55,-35,70 --zoom 9 --phases load --clients 8 --hits 0 --hot-metatiles 0 --requests 1200 \
  --seconds 60 > /dev/null
drive --bbox -20,-35,140,70 --zoom 6-7 --phases first-tile,bursts --first-tiles 60 --bursts 20
sleep 3
before=$(threads); server0=$(ticks); system0=$(system_ticks); machine0=$(busy)
/usr/bin/time -f "driver CPU %U s user, %S s system" \
  "${driver[@]}" --bbox -20,-35,140,70 --zoom 8 --phases load --clients 8 --hits 0 --hot-metatiles 0 \
  --requests $requests --seconds 120
# idle: under 2 ticks of CPU in half a second
previous=$(ticks)
for _ in $(seq 1 60); do sleep 0.5; now=$(ticks); [ $((now - previous)) -lt 2 ] && break; previous=$now; done
after=$(threads); server1=$(ticks); system1=$(system_ticks); machine1=$(busy)
per_metatile=$(awk -v t=$((server1 - server0)) -v hz="$hz" -v n=$requests 'BEGIN { printf "%.1f", t * 1000 / hz / n }')
echo "server CPU until idle: $(( (server1 - server0) * 1000 / hz )) ms, $per_metatile ms per metatile" \
  "($(( (system1 - system0) * 1000 / hz )) ms of it in the kernel); machine busy: $(( (machine1 - machine0) * 1000 / hz )) ms"
echo "server CPU by thread group, ms (ms per metatile):"
awk -v hz="$hz" -v n=$requests -v total=$(( (server1 - server0) * 1000 / hz )) 'FNR == NR { before[$1] = $2; next }
  { name = $0; sub(/^[0-9]+ [0-9]+ /, "", name); gsub(/[0-9]+/, "N", name); ms[name] += ($2 - before[$1]) * 1000 / hz }
  END { for (g in ms) { left += ms[g]; if (ms[g] >= 50) printf "%8d  %s (%.2f)\n", ms[g], g, ms[g] / n }
        printf "%8d  threads that ended meanwhile (%.2f)\n", total - left, (total - left) / n }' \
  <(echo "$before") <(echo "$after") | sort -rn
