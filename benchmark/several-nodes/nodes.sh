#!/usr/bin/env bash
# nodes.sh: N GeoServer nodes of one war, with the plugin, on one data directory, on 127.0.0.1.
#
#   nodes.sh prepare WAR PLUGIN_ZIP   unpack the war (geoserver.war, or GeoServer's geoserver-3.0.x-war.zip)
#                                     into a Jetty base with the plugin's jars in WEB-INF/lib; make ne.gpkg
#                                     (../geoserver/make-data.sh) unless NE_GPKG names one; start one node on
#                                     an empty data directory, publish the layers (../geoserver/configure.sh,
#                                     plus ne:countries_slow below), stop it: that data directory is the
#                                     template every session copies
#   nodes.sh start PROVIDER PROTOCOL  stop what runs, copy the template to a fresh data directory, choose the
#                                     lock provider in its gwc-gs.xml (nioLock, metatileFanoutFileLock), start
#                                     the N nodes one after the other with METATILE_FANOUT_LOCK_PROTOCOL=PROTOCOL
#                                     (tile-locks, storing-lock), check each one's start-up line names it
#   nodes.sh start-node I             start node I (1..N) again on the current data directory
#   nodes.sh stop                     stop every node this script started (SIGTERM, then SIGKILL after 30 s)
#
# Environment: WORK (required; a folder outside the repository, it gets the Jetty base, the data
# directories, the logs and the pid files), NODES (3), BASE_PORT (8101: node I listens on BASE_PORT+I-1),
# HEAP (1g per node), GWC_LOCK_TIMEOUT (15 s, instead of GeoWebCache's 120, so that a wait on a dead node's
# lock shows within a run), JETTY_VERSION (12.1.3, org.eclipse.jetty:jetty-home from Maven Central, fetched
# with `mvn dependency:copy`; MVN_ARGS adds options to that call, e.g. `-s settings.xml`), NE_GPKG, GS_AUTH
# (admin:geoserver).
#
# Layers (configure.sh): ne:countries (4x4 metatiles), ne:countries10 (10x10), ...; this script adds
# ne:countries_slow: the same countries in 10x10 metatiles drawn with slow.sld, whose buffer() makes a
# metatile take a second or more to render, so that a node can be killed during its GetMap.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
WORK=${WORK:?set WORK to a folder outside the repository}
mkdir -p "$WORK" && WORK=$(cd "$WORK" && pwd)
NODES=${NODES:-3}; BASE_PORT=${BASE_PORT:-8101}; HEAP=${HEAP:-1g}; GWC_LOCK_TIMEOUT=${GWC_LOCK_TIMEOUT:-15}
JETTY_VERSION=${JETTY_VERSION:-12.1.3}; auth=${GS_AUTH:-admin:geoserver}
jetty_home=$WORK/jetty-home-$JETTY_VERSION; base=$WORK/jetty-base; logs=$WORK/logs
mkdir -p "$logs"

port() { echo $((BASE_PORT + $1 - 1)); }
url() { echo "http://127.0.0.1:$(port "$1")/geoserver"; }

# run_node I DATA_DIR PROTOCOL: start one JVM in the background, its pid in $WORK/node-I.pid
run_node() {
  local i=$1 data=$2 protocol=$3
  (cd "$base" && exec java -Xms"$HEAP" -Xmx"$HEAP" -Djava.awt.headless=true \
      -DGEOSERVER_DATA_DIR="$data" -DGEOSERVER_LOG_LOCATION="$logs/node-$i.log" \
      -DGWC_LOCK_TIMEOUT="$GWC_LOCK_TIMEOUT" -DMETATILE_FANOUT_LOCK_PROTOCOL="$protocol" \
      -jar "$jetty_home/start.jar" jetty.http.host=127.0.0.1 jetty.http.port="$(port "$i")" \
      >> "$logs/node-$i.out" 2>&1) &
  echo $! > "$WORK/node-$i.pid"
}

# wait_node I: until the node answers WMS GetCapabilities (at most 240 s)
wait_node() {
  local i=$1 pid t0=$SECONDS code
  pid=$(cat "$WORK/node-$i.pid")
  while (( SECONDS - t0 < 240 )); do
    kill -0 "$pid" 2>/dev/null || { echo "node $i (pid $pid) died; see $logs/node-$i.out" >&2; return 1; }
    code=$(curl -s -o /dev/null -m 10 -w '%{http_code}' "$(url "$i")/wms?service=WMS&request=GetCapabilities" || true)
    [ "$code" = 200 ] && { echo "node $i up on port $(port "$i") (pid $pid) after $((SECONDS - t0)) s"; return 0; }
    sleep 2
  done
  echo "node $i did not answer within 240 s" >&2; return 1
}

stop_nodes() {
  local f pid n
  for f in "$WORK"/node-*.pid; do
    [ -e "$f" ] || continue
    pid=$(cat "$f")
    if kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
      for n in $(seq 1 60); do
        if ! kill -0 "$pid" 2>/dev/null; then break; fi
        sleep 0.5
      done
      if kill -0 "$pid" 2>/dev/null; then
        echo "pid $pid still up after 30 s: SIGKILL"; kill -9 "$pid" 2>/dev/null || true
      fi
    fi
    rm -f "$f"
  done
}

prepare() {
  local war=${1:?usage: nodes.sh prepare WAR PLUGIN_ZIP} zip=${2:?usage: nodes.sh prepare WAR PLUGIN_ZIP}
  war=$(cd "$(dirname "$war")" && pwd)/$(basename "$war"); zip=$(cd "$(dirname "$zip")" && pwd)/$(basename "$zip")
  stop_nodes
  # Jetty 12 from Maven Central
  if [ ! -d "$jetty_home" ]; then
    mvn -B -q ${MVN_ARGS:-} org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
      -Dartifact=org.eclipse.jetty:jetty-home:"$JETTY_VERSION":tar.gz -DoutputDirectory="$WORK"
    tar xzf "$WORK/jetty-home-$JETTY_VERSION.tar.gz" -C "$WORK"
  fi
  rm -rf "$base"; mkdir -p "$base/webapps/geoserver"
  (cd "$base" && java -jar "$jetty_home/start.jar" --add-modules=http,ee10-deploy,ee10-webapp,ee10-jsp > /dev/null 2>&1)
  # the war, or the war inside GeoServer's geoserver-<version>-war.zip
  if [[ $war == *.zip ]]; then
    unzip -q -o -j "$war" '*geoserver.war' -d "$WORK" && war=$WORK/geoserver.war
  fi
  (cd "$base/webapps/geoserver" && unzip -q "$war")
  unzip -q -o -j "$zip" '*.jar' -d "$base/webapps/geoserver/WEB-INF/lib"
  echo "web application: $war with $(unzip -Z1 "$zip" '*.jar' | tr '\n' ' ')"
  # data
  local gpkg=${NE_GPKG:-$WORK/ne/ne.gpkg}
  [ -f "$gpkg" ] || bash "$here/../geoserver/make-data.sh" "$(dirname "$gpkg")"
  # the template data directory: GeoServer's defaults, the layers, no tiles
  local template=$WORK/template
  rm -rf "$template"; mkdir -p "$template"
  run_node 1 "$template" tile-locks
  trap stop_nodes EXIT
  wait_node 1
  bash "$here/../geoserver/configure.sh" "$(url 1)" "$gpkg"
  slow_layer "$(url 1)"
  stop_nodes; trap - EXIT
  [ -f "$template/gwc-gs.xml" ] || { echo "no gwc-gs.xml in $template" >&2; exit 1; }
  rm -rf "$template/gwc/ne_"* "$template/logs"
  echo "template data directory: $template"
}

# slow_layer URL: ne:countries_slow, 10x10 metatiles, style slow.sld
slow_layer() {
  local url=$1 f
  rest() { # METHOD PATH CONTENT-TYPE BODY-FILE
    local code answer; answer=$(mktemp)
    code=$(curl -s -o "$answer" -w '%{http_code}' -u "$auth" -X "$1" -H "Content-Type: $3" --data-binary @"$4" "$url/$2")
    [[ $code == 2* ]] || { echo "$1 $2 -> $code: $(head -c 500 "$answer")" >&2; exit 1; }
  }
  f=$(mktemp)
  echo '<featureType><name>countries_slow</name><nativeName>countries</nativeName><srs>EPSG:4326</srs></featureType>' > "$f"
  rest POST rest/workspaces/ne/datastores/ne/featuretypes text/xml "$f"
  rest POST "rest/workspaces/ne/styles?name=slow" application/vnd.ogc.sld+xml "$here/slow.sld"
  echo '<layer><defaultStyle><name>ne:slow</name></defaultStyle></layer>' > "$f"
  rest PUT rest/layers/ne:countries_slow text/xml "$f"
  curl -sf -u "$auth" "$url/gwc/rest/layers/ne:countries_slow.xml" \
    | sed -e '/<metaWidthHeight>/,/<\/metaWidthHeight>/s/<int>4<\/int>/<int>10<\/int>/g' > "$f"
  rest PUT gwc/rest/layers/ne:countries_slow.xml text/xml "$f"
  echo "configured: ne:countries_slow (10x10, style ne:slow)"
}

start() {
  local provider=${1:?usage: nodes.sh start PROVIDER PROTOCOL} protocol=${2:?usage: nodes.sh start PROVIDER PROTOCOL}
  local data=$WORK/data i
  [ -d "$WORK/template" ] || { echo "run nodes.sh prepare first" >&2; exit 1; }
  stop_nodes
  rm -rf "$data"; cp -a "$WORK/template" "$data"
  # the lock provider, by the name of its Spring bean, in GeoServer's GeoWebCache settings
  sed -i -e '/<lockProviderName>.*<\/lockProviderName>/d' \
    -e "s|</GeoServerGWCConfig>|  <lockProviderName>$provider</lockProviderName>\n</GeoServerGWCConfig>|" "$data/gwc-gs.xml"
  grep -q "<lockProviderName>$provider</lockProviderName>" "$data/gwc-gs.xml"
  printf 'provider=%s\nprotocol=%s\n' "$provider" "$protocol" > "$WORK/session"
  for i in $(seq 1 "$NODES"); do
    : > "$logs/node-$i.log"; : > "$logs/node-$i.out"
    run_node "$i" "$data" "$protocol"
    wait_node "$i" || { stop_nodes; exit 1; }
    grep -h "metatile-fanout active: .*lock protocol $protocol" "$logs/node-$i.log" | head -1 | sed "s/^/node $i: /" | grep . \
      || { echo "node $i: no start-up line naming lock protocol $protocol in $logs/node-$i.log" >&2; stop_nodes; exit 1; }
  done
}

start_node() {
  local i=${1:?usage: nodes.sh start-node I} protocol
  protocol=$(sed -n 's/^protocol=//p' "$WORK/session")
  run_node "$i" "$WORK/data" "$protocol"
  wait_node "$i"
}

case ${1:-} in
  prepare) shift; prepare "$@" ;;
  start) shift; start "$@" ;;
  start-node) shift; start_node "$@" ;;
  stop) stop_nodes ;;
  *) sed -n '2,17p' "$0"; exit 2 ;;
esac
