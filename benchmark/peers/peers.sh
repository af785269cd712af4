#!/usr/bin/env bash
# peers.sh COMMAND: MapServer's WMS of Natural Earth and the tile caches in front of it, all on 127.0.0.1.
#
#   install                  Debian packages, MapProxy and gunicorn (pinned) in WORK/venv, Jetty (idempotent)
#   start [GWC_WAR [FANOUT_WAR | PLUGIN_JAR...]]
#                            data, configurations, empty caches; starts MapServer, MapProxy, MapCache and, for
#                            each war given, GeoWebCache in Jetty (fanout: FANOUT_WAR, or GWC_WAR with the
#                            plugin's jars added to WEB-INF/lib); waits until each answers
#   check                    each peer: a tile of a fresh metatile is a PNG and cost one GetMap, a sibling none
#   urls                     each server's port and tile URL template
#   cpu                      CPU time so far of each server, in ms (all its processes)
#   getmaps                  GetMaps in MapServer's access log: requests, distinct BBOXes, most for one BBOX
#   clear                    empties the tile caches
#   status | stop
#   run [-- GWC_WAR [FANOUT_WAR | PLUGIN_JAR...] --] CMD...
#                            start, run CMD, stop (also when CMD fails or is interrupted)
#
# Environment: PEERS_WORK (default benchmark/target/peers), PEERS_GUTTER (pixels on each side of a metatile,
# default 32, the same for every cache), PEERS_MAPSERV_PROCS (FastCGI processes, default 4), PEERS_LIFETIME
# (seconds after which every server stops by itself, default 3600), PEERS_JAVA_OPTS (default -Xmx1g),
# PEERS_PORT_BASE (MapServer's port, default 18600; the caches listen on the next tens: +10 ... +40).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
WORK=${PEERS_WORK:-$here/../target/peers}
mkdir -p "$WORK" && WORK=$(cd "$WORK" && pwd)
GUTTER=${PEERS_GUTTER:-32}
MAPSERV_PROCS=${PEERS_MAPSERV_PROCS:-4}
LIFETIME=${PEERS_LIFETIME:-3600}
JAVA_OPTS=${PEERS_JAVA_OPTS:--Xmx1g}
JETTY_VERSION=12.1.7
DEBIAN_PACKAGES=(mapserver-bin cgi-mapserver gdal-bin nginx-light apache2 libapache2-mod-mapcache fonts-dejavu-core
  python3-venv curl)

# the servers, in the order they start; mapserv is the pool of MapServer FastCGI processes behind
# mapserver, the web server (nginx) that answers WMS requests
BASE=${PEERS_PORT_BASE:-18600}
declare -A PORT=([mapserver]=$BASE [mapproxy]=$((BASE + 10)) [mapcache]=$((BASE + 20)) [gwc]=$((BASE + 30))
  [fanout]=$((BASE + 40)))
SERVERS=(mapserv mapserver mapproxy mapcache gwc fanout)

log() { echo "[peers] $*" >&2; }

tile_url() { # name layer z x y: the URL of one tile
  local p=${PORT[$1]} l=$2 z=$3 x=$4 y=$5
  case $1 in
    mapproxy) echo "http://127.0.0.1:$p/wmts/$l/webmercator/$z/$x/$y.png" ;;
    mapcache) echo "http://127.0.0.1:$p/mapcache/wmts/1.0.0/$l/default/GoogleMapsCompatible/$z/$y/$x.png" ;;
    gwc | fanout) echo "http://127.0.0.1:$p/geowebcache/service/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=$l&STYLE=&TILEMATRIXSET=EPSG:900913&TILEMATRIX=EPSG:900913:$z&TILEROW=$y&TILECOL=$x&FORMAT=image/png" ;;
  esac
}

install() { install_packages; install_jetty; }

install_packages() {
  local missing=()
  for p in "${DEBIAN_PACKAGES[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  if ((${#missing[@]})); then
    log "apt-get install ${missing[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
  if ! cmp -s "$here/mapproxy/requirements.txt" "$WORK/venv/requirements.txt"; then
    log "MapProxy and gunicorn into $WORK/venv"
    python3 -m venv "$WORK/venv"
    "$WORK/venv/bin/pip" install -q --no-deps -r "$here/mapproxy/requirements.txt"
    cp "$here/mapproxy/requirements.txt" "$WORK/venv/requirements.txt"
  fi
}

install_jetty() {
  if [ ! -f "$WORK/jetty/jetty-home-$JETTY_VERSION/start.jar" ]; then
    log "Jetty $JETTY_VERSION from Maven Central"
    mvn -q dependency:copy -Dartifact="org.eclipse.jetty:jetty-home:$JETTY_VERSION:tar.gz" -DoutputDirectory="$WORK/jetty"
    tar xzf "$WORK/jetty/jetty-home-$JETTY_VERSION.tar.gz" -C "$WORK/jetty"
  fi
}

configure() { # copies a template with the @...@ values filled in: configure TEMPLATE TARGET [PORT]
  mkdir -p "$(dirname "$2")"
  sed -e "s#@WORK@#$WORK#g" -e "s#@PORT@#${3:-}#g" -e "s#@GUTTER@#$GUTTER#g" \
    -e "s#@MAPSERVER_PORT@#${PORT[mapserver]}#g" -e "s#@PROCS@#$MAPSERV_PROCS#g" "$1" > "$2"
}

launch() { # name command...: runs in its own session, stopped after LIFETIME seconds at the latest
  local name=$1; shift
  setsid timeout -k 10 "$LIFETIME" "$@" > "$WORK/logs/$name.out" 2>&1 < /dev/null &
  echo $! > "$WORK/run/$name.session"
}

alive() { [ -f "$WORK/run/$1.session" ] && kill -0 "$(cat "$WORK/run/$1.session")" 2>/dev/null; }

wait_for() { # name url: until the url answers 200, at most 180 s
  for _ in $(seq 1 360); do
    alive "$1" || { log "$1 exited: see $WORK/logs/$1.out"; return 1; }
    curl -sf -o /dev/null "$2" && alive "$1" && return 0
    sleep 0.5
  done
  log "$1 did not answer $2 within 180 s"; return 1
}

clear_caches() {
  rm -rf "$WORK/cache"
  mkdir -p "$WORK"/cache/{mapproxy,mapcache,mapcache-locks,gwc,fanout}
  chown www-data:www-data "$WORK/cache/mapcache" "$WORK/cache/mapcache-locks"
  for g in gwc fanout; do configure "$here/geowebcache/geowebcache.xml" "$WORK/cache/$g/geowebcache.xml"; done
}

start_gwc() { # name war [jar...]: the war as it is, or unpacked with the jars added to WEB-INF/lib
  local name=$1 war=$2 base=$WORK/jetty/$1
  shift 2
  for f in "$war" "$@"; do [ -f "$f" ] || { log "no file at $f"; return 1; }; done
  install_jetty
  if [ ! -f "$base/start.d/http.ini" ]; then
    mkdir -p "$base"
    (cd "$base" && java -jar "$WORK/jetty/jetty-home-$JETTY_VERSION/start.jar" --add-modules=server,http,ee10-deploy >/dev/null 2>&1)
  fi
  rm -rf "$base/webapps/"*
  if (($#)); then
    python3 -m zipfile -e "$war" "$base/webapps/geowebcache"
    cp "$@" "$base/webapps/geowebcache/WEB-INF/lib/"
    # the plugin's install step: its Spring context imported by GeoWebCache's servlet context
    sed -i 's#^\(\s*\)<import resource="geowebcache-security.xml"/>#&\n\1<import resource="classpath:geowebcache-fanout-context.xml"/>#' \
      "$base/webapps/geowebcache/WEB-INF/geowebcache-servlet.xml"
    grep -q geowebcache-fanout-context "$base/webapps/geowebcache/WEB-INF/geowebcache-servlet.xml"
  else
    cp "$war" "$base/webapps/geowebcache.war"
  fi
  # shellcheck disable=SC2086
  launch "$name" java $JAVA_OPTS -DGEOWEBCACHE_CACHE_DIR="$WORK/cache/$name" \
    -jar "$WORK/jetty/jetty-home-$JETTY_VERSION/start.jar" jetty.base="$base" \
    jetty.http.host=127.0.0.1 jetty.http.port="${PORT[$name]}"
  wait_for "$name" "$(tile_url "$name" light 0 0 0)"
}

start() {
  local gwc_war=${1:-}
  shift || true
  stop
  trap 'log "start failed: stopping"; stop' EXIT
  install_packages
  "$here/data.sh" "$WORK" >&2
  mkdir -p "$WORK/run" "$WORK/logs"
  rm -f "$WORK"/logs/*
  for f in ne.map fonts.txt mapserver.conf nginx.conf; do
    configure "$here/mapserver/$f" "$WORK/mapserver/$f" "${PORT[mapserver]}"
  done
  configure "$here/mapproxy/mapproxy.yaml" "$WORK/mapproxy/mapproxy.yaml"
  cp "$here/mapproxy/app.py" "$WORK/mapproxy/app.py"
  configure "$here/mapcache/mapcache.xml" "$WORK/mapcache/mapcache.xml"
  configure "$here/mapcache/httpd.conf" "$WORK/mapcache/httpd.conf" "${PORT[mapcache]}"
  clear_caches

  MAPSERVER_CONFIG_FILE=$WORK/mapserver/mapserver.conf launch mapserv \
    python3 "$here/mapserver/fcgi_pool.py" "$MAPSERV_PROCS" "$WORK/run/mapserv.socket" /usr/lib/cgi-bin/mapserv
  launch mapserver nginx -c "$WORK/mapserver/nginx.conf"
  wait_for mapserver "http://127.0.0.1:${PORT[mapserver]}/wms?SERVICE=WMS&REQUEST=GetCapabilities"
  MAPPROXY_CONFIG=$WORK/mapproxy/mapproxy.yaml launch mapproxy "$WORK/venv/bin/gunicorn" \
    --chdir "$WORK/mapproxy" --bind "127.0.0.1:${PORT[mapproxy]}" --workers 2 --worker-class gthread \
    --threads 16 --access-logfile "$WORK/logs/mapproxy-access.log" --access-logformat '%(t)s %(D)s %(s)s %(B)s "%(r)s"' \
    app:application
  launch mapcache /usr/sbin/apache2 -f "$WORK/mapcache/httpd.conf" -DFOREGROUND
  wait_for mapproxy "http://127.0.0.1:${PORT[mapproxy]}/wmts/1.0.0/WMTSCapabilities.xml"
  wait_for mapcache "http://127.0.0.1:${PORT[mapcache]}/mapcache/wmts/1.0.0/WMTSCapabilities.xml"
  if [ -n "$gwc_war" ]; then start_gwc gwc "$gwc_war"; fi
  case ${1:-} in
    "") ;;
    *.war) start_gwc fanout "$1" ;;
    *) start_gwc fanout "$gwc_war" "$@" ;;
  esac
  clear_caches # drops the tiles the readiness probes stored
  echo 0 > "$WORK/run/check.count"
  trap - EXIT
  status
}

stop() {
  local name pid
  for name in $(printf '%s\n' "${SERVERS[@]}" | tac); do
    alive "$name" || { rm -f "$WORK/run/$name.session"; continue; }
    pid=$(cat "$WORK/run/$name.session")
    kill -TERM -- "-$pid" 2>/dev/null || true
    for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL -- "-$pid" 2>/dev/null || true
    rm -f "$WORK/run/$name.session"
    log "stopped $name"
  done
}

status() {
  for name in "${SERVERS[@]}"; do
    if alive "$name"; then echo "$name up, port ${PORT[$name]:--}, session $(cat "$WORK/run/$name.session")"; fi
  done
}

urls() {
  echo "mapserver ${PORT[mapserver]} http://127.0.0.1:${PORT[mapserver]}/wms"
  for name in mapproxy mapcache gwc fanout; do
    echo "$name ${PORT[$name]} $(tile_url "$name" '{layer}' '{z}' '{x}' '{y}')"
  done
}

cpu() { # CPU ms of every process of each server's session (user + system, children included)
  local sessions="" name stats
  for name in "${SERVERS[@]}"; do
    if alive "$name"; then sessions+="$name $(cat "$WORK/run/$name.session") "; fi
  done
  # one snapshot of every process; a process may exit while it is read
  stats=$(cat /proc/[0-9]*/stat 2>/dev/null || true)
  # /proc/PID/stat after "(comm) ": $4 session, $12 utime, $13 stime, $14 cutime, $15 cstime
  awk -v list="$sessions" -v t="$(getconf CLK_TCK)" '
    BEGIN { n = split(list, w, " "); for (i = 1; i < n; i += 2) { order[++k] = w[i]; sid[w[i + 1]] = w[i] } }
    { sub(/^.*\) /, "") }
    $4 in sid { c[sid[$4]] += $12 + $13 + $14 + $15 }
    END { for (i = 1; i <= k; i++) printf "%s %d\n", order[i], c[order[i]] * 1000 / t }' <<< "$stats"
}

getmaps() { # total GetMaps, distinct BBOXes, most GetMaps for one BBOX (from line FIRST of the log, default 1)
  tail -n +"${1:-1}" "$WORK/logs/mapserver-access.log" | awk '
    { line = tolower($0) }
    line ~ /request=getmap/ && match(line, /bbox=[^& ]*/) { n++; if (++per[substr(line, RSTART, RLENGTH)] == 1) b++ }
    END { for (k in per) if (per[k] > m) m = per[k]; printf "getmaps %d bboxes %d max_per_bbox %d\n", n, b, m }'
}

getmap_count() { getmaps "$1" | awk '{ print $2 }'; }

check() { # every running peer: a tile of a fresh metatile at zoom 9 over Europe, then a sibling of it
  local count mx my z=9 failed=0
  count=$(cat "$WORK/run/check.count"); echo $((count + 1)) > "$WORK/run/check.count"
  mx=$((64 + count % 12)); my=$((37 + count / 12 % 10))
  for name in mapproxy mapcache gwc fanout; do
    alive "$name" || continue
    local from first after_first sibling after_sibling
    from=$(($(wc -l < "$WORK/logs/mapserver-access.log") + 1))
    first=$(curl -s -o "$WORK/run/check-$name.png" -w '%{http_code} %{content_type} %{time_total}' \
      "$(tile_url "$name" light $z $((4 * mx)) $((4 * my)))")
    after_first=$(getmap_count "$from")
    sibling=$(curl -s -o /dev/null -w '%{http_code} %{content_type} %{time_total}' \
      "$(tile_url "$name" light $z $((4 * mx + 3)) $((4 * my + 2)))")
    after_sibling=$(getmap_count "$from")
    echo "$name: first tile $first s, GetMaps $after_first; sibling $sibling s, GetMaps $after_sibling"
    if [[ $first != "200 image/png "* || $sibling != "200 image/png "* || $after_first != 1 || $after_sibling != 1 ]]; then
      echo "$name: FAILED (expected two PNGs and one GetMap)"; failed=1
    fi
  done
  return $failed
}

versions() {
  dpkg-query -W -f '${Package} ${Version}\n' mapserver-bin cgi-mapserver gdal-bin nginx-light apache2 \
    libapache2-mod-mapcache 2>/dev/null
  "$WORK/venv/bin/pip" freeze 2>/dev/null | grep -i -E '^(mapproxy|gunicorn|pillow)=='
  echo "jetty-home $JETTY_VERSION"
}

run() {
  local wars=()
  if [ "${1:-}" = "--" ]; then
    shift
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do wars+=("$1"); shift; done
    shift
  fi
  start "${wars[@]}"
  trap stop EXIT
  "$@"
}

cmd=${1:-}; shift || true
case $cmd in
  install | start | stop | status | check | urls | cpu | getmaps | clear_caches | versions | run) "$cmd" "$@" ;;
  clear) clear_caches ;;
  *) sed -n '2,/^set -e/p' "$0" | sed '$d' >&2; exit 2 ;;
esac
