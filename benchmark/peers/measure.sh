#!/usr/bin/env bash
# measure.sh CMD [ARG...]: runs CMD as a measurement. First waits, at most MEASURE_WAIT seconds (default 600),
# until the 1-minute load average is below MEASURE_MAX_LOAD (default 0.8), so that the figures are not those of
# other work; then prints the load average before CMD, runs it, and prints the load average after it and its
# wall time. Exits with CMD's status. Figures such as "load average 0.67 before, 2.11 after" in the docs are
# these lines.
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 CMD [ARG...]" >&2; exit 2; }

max_load=${MEASURE_MAX_LOAD:-0.8}
wait_s=${MEASURE_WAIT:-600}
load() { cut -d' ' -f1 /proc/loadavg; }
below() { awk -v l="$(load)" -v m="$max_load" 'BEGIN { exit !(l < m) }'; }

waited=0
until below; do
  if [ "$waited" -ge "$wait_s" ]; then
    echo "measure: load average still $(load) after ${wait_s} s (MEASURE_MAX_LOAD=$max_load); measuring anyway" >&2
    break
  fi
  sleep 5
  waited=$((waited + 5))
done

echo "measure: load average $(load) before" >&2
start=$(date +%s.%N)
status=0
"$@" || status=$?
echo "measure: load average $(load) after, $(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }') s," \
  "exit $status" >&2
exit "$status"
