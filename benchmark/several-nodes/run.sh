#!/usr/bin/env bash
# run.sh siblings|kill|all: the several-nodes runs of docs/several-nodes.md, each session on a fresh copy of
# the template data directory (nodes.sh prepare must have run), every node stopped at the end.
#
#   siblings  for each lock provider in PROVIDERS (nioLock metatileFanoutFileLock) and each lock protocol in
#             PROTOCOLS (tile-locks storing-lock): NODES nodes, then siblings.py (ne:countries, 4x4: a warm-up
#             of 8 metatiles at zoom 6, then METATILES (24) metatiles at each of zooms 7, 8 and 9, 16 siblings
#             at once round-robin over the nodes)
#   kill      for each protocol in PROTOCOLS, with KILL_PROVIDER (metatileFanoutFileLock): NODES nodes, then
#             kill.py (ne:countries_slow, one 10x10 metatile at zoom 9: the reference, then KILL_RUNS (4) runs
#             alternating the render and store triggers)
#
# Environment: WORK (as for nodes.sh), NODES, BASE_PORT, and the variables above. Output: the scripts' lines,
# then every VERDICT line again at the end; exit status 0 when every verdict is PASS.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export WORK=${WORK:?set WORK to nodes.sh prepare\'s folder}
NODES=${NODES:-3}; BASE_PORT=${BASE_PORT:-8101}
PROTOCOLS=${PROTOCOLS:-tile-locks storing-lock}
what=${1:-all}
urls=$(for i in $(seq 1 "$NODES"); do printf 'http://127.0.0.1:%s/geoserver,' $((BASE_PORT + i - 1)); done)
urls=${urls%,}
logs=$(for i in $(seq 1 "$NODES"); do printf '%s/logs/node-%s.log,' "$WORK" "$i"; done); logs=${logs%,}
verdicts=$(mktemp); status=0; export PYTHONUNBUFFERED=1
trap '"$here/nodes.sh" stop' EXIT

session() { # PROVIDER PROTOCOL COMMAND...
  local provider=$1 protocol=$2; shift 2
  echo "== $provider, $protocol, $NODES nodes ($(date -u +%H:%M:%S) UTC, load $(cut -d' ' -f1-3 /proc/loadavg))"
  if ! "$here/nodes.sh" start "$provider" "$protocol"; then
    echo "VERDICT $provider $protocol: nodes did not start: FAIL" | tee -a "$verdicts"; status=1; return
  fi
  local out; out=$(mktemp)
  "$@" 2>&1 | tee "$out"
  [ "${PIPESTATUS[0]}" = 0 ] || status=1
  grep '^VERDICT' "$out" >> "$verdicts" || echo "VERDICT $provider $protocol: no verdict: FAIL" >> "$verdicts"
  "$here/nodes.sh" stop
}

t0=$SECONDS
if [ "$what" = siblings ] || [ "$what" = all ]; then
  for provider in ${PROVIDERS:-nioLock metatileFanoutFileLock}; do
    for protocol in $PROTOCOLS; do
      session "$provider" "$protocol" python3 "$here/siblings.py" --nodes "$urls" --logs "$logs" \
        --metatiles "${METATILES:-24}" --label "$provider $protocol"
    done
  done
fi
if [ "$what" = kill ] || [ "$what" = all ]; then
  provider=${KILL_PROVIDER:-metatileFanoutFileLock}
  for protocol in $PROTOCOLS; do
    session "$provider" "$protocol" python3 "$here/kill.py" --work "$WORK" --nodes "$urls" --provider "$provider" \
      --runs "${KILL_RUNS:-4}" --label "$provider $protocol"
  done
fi
echo "== verdicts ($((SECONDS - t0)) s)"
cat "$verdicts"
exit $status
