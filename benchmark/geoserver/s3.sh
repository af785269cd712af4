#!/usr/bin/env bash
# s3.sh: stock GeoServer 3.0.0 against GeoServer with the plugin on an S3 tile store, on 127.0.0.1 only.
# The store is S3Proxy (benchmark/target/s3proxy/s3proxy.jar, jclouds' in-memory store, a fresh one per round)
# behind Toxiproxy's server (go install github.com/Shopify/toxiproxy/v2/cmd/server@latest, as .ci/run does;
# TOXIPROXY names the binary, default ~/go/bin/server), which delays every request to it by a chosen latency.
#
#   s3.sh webapp WAR S3_JARS OUT [PLUGIN_ZIP]   GeoServer's war unpacked into OUT, with the jars of GeoServer's
#                                               gwc-s3 extension (a folder: the extension's zip, unpacked) that the
#                                               war lacks, and the plugin zip's jars if given
#   s3.sh store WORK LATENCY_MS                 starts S3Proxy and Toxiproxy (WORK holds their pids and logs)
#   s3.sh stop WORK                             stops them
#   s3.sh geoserver WEBAPP DATA_DIR WORK        starts GeoServer from the unpacked WEBAPP on DATA_DIR (stop: s3.sh stop WORK)
#   s3.sh configure URL GPKG                    in a running GeoServer on an empty data directory: configure.sh's
#                                               layers, and the default blob store on the store (store running)
#   s3.sh list                                  the bucket's objects: key, size, MD5 (ETag), straight from S3Proxy
#   s3.sh round WEBAPP DATA LATENCY_MS OUT      a measurement round: a fresh store at that latency, a fresh copy
#                                               of the configured data directory DATA, GeoServer started from
#                                               WEBAPP, 20 s idle, then seeding z0-6 through GWC's REST API, the
#                                               http driver's phases on zoom 7-8, the bucket listed; all in OUT
# Ports: S3Proxy 18310, its proxy 18311, Toxiproxy's API 18474, GeoServer 18080 (GS_PORT). JETTY_HOME: Jetty 12.1
# (default benchmark/target/jetty-home-12.1.3, fetched from Maven Central when missing).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); bench=$(cd "$here/.." && pwd)
s3proxy_jar=$bench/target/s3proxy/s3proxy.jar
toxiproxy=${TOXIPROXY:-$HOME/go/bin/server}
gs_port=${GS_PORT:-18080}; auth=${GS_AUTH:-admin:geoserver}
bucket=tiles; s3=http://127.0.0.1:18310; proxied=http://127.0.0.1:18311; toxi=http://127.0.0.1:18474

port_free() { # PORT...: or stop, naming the port taken (a server of an earlier run still up)
  local p; for p in "$@"; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "port $p is taken: stop what listens there" >&2; exit 1; fi
  done
}

wait_for() { # URL SECONDS: until URL answers
  local i; for i in $(seq 1 "$2"); do curl -sf -o /dev/null "$1" && return 0; sleep 1; done
  echo "$1 did not answer within $2 s" >&2; return 1
}

# the Maven group and artifact of each jar in a folder, from its pom.properties (names alone clash: the war
# holds Jackson 3 under the artifact names of the Jackson 2 the AWS SDK needs), else its name without the version
coordinates() {
  python3 - "$1" <<'P'
import sys, zipfile, pathlib, re
for jar in sorted(pathlib.Path(sys.argv[1]).glob('*.jar')):
    ids = set()
    with zipfile.ZipFile(jar) as z:
        for n in z.namelist():
            if n.startswith('META-INF/maven/') and n.endswith('/pom.properties'):
                p = dict(l.split('=', 1) for l in z.read(n).decode().splitlines() if '=' in l)
                ids.add(p.get('groupId', '') + ':' + p.get('artifactId', ''))
    print(jar.name, ' '.join(sorted(ids)) or 'name:' + re.sub(r'-[0-9][^-]*$', '', jar.stem))  # no pom.properties
P
}

webapp() {
  local war=${1:?WAR} jars=${2:?S3_JARS} out=${3:?OUT} plugin=${4:-}
  rm -rf "$out"; mkdir -p "$out"; (cd "$out" && unzip -q "$war")
  local have; have=$(coordinates "$out/WEB-INF/lib" | cut -d' ' -f2- | tr ' ' '\n' | sort -u)
  coordinates "$jars" | while read -r name ids; do
    local id new=0; for id in $ids; do grep -qxF "$id" <<<"$have" || new=1; done
    if [ $new = 1 ]; then cp "$jars/$name" "$out/WEB-INF/lib/" && echo "added $name"; fi
  done
  if [ -n "$plugin" ]; then unzip -q -o -j "$plugin" '*.jar' -d "$out/WEB-INF/lib" && echo "added the plugin"; fi
}

store() {
  local work=${1:?WORK} latency=${2:?LATENCY_MS}; mkdir -p "$work"
  [ -f "$s3proxy_jar" ] || { echo "no $s3proxy_jar: run mvn package in benchmark/ first" >&2; exit 1; }
  [ -x "$toxiproxy" ] || { echo "no Toxiproxy server at $toxiproxy (set TOXIPROXY)" >&2; exit 1; }
  port_free 18310 18311 18474
  printf 's3proxy.endpoint=%s\ns3proxy.authorization=none\njclouds.provider=transient\njclouds.identity=x\njclouds.credential=x\n' \
    "$s3" > "$work/s3proxy.properties"
  LOG_LEVEL=warn java -Xmx2g -jar "$s3proxy_jar" --properties "$work/s3proxy.properties" > "$work/s3proxy.log" 2>&1 &
  echo $! > "$work/s3proxy.pid"
  "$toxiproxy" -host 127.0.0.1 -port 18474 > "$work/toxiproxy.log" 2>&1 &
  echo $! > "$work/toxiproxy.pid"
  wait_for "$s3/" 60; wait_for "$toxi/version" 30
  curl -sf -X POST "$toxi/proxies" -d '{"name":"s3","listen":"127.0.0.1:18311","upstream":"127.0.0.1:18310"}' > /dev/null
  curl -sf -X POST "$toxi/proxies/s3/toxics" \
    -d "{\"name\":\"latency\",\"type\":\"latency\",\"stream\":\"upstream\",\"attributes\":{\"latency\":$latency,\"jitter\":0}}" > /dev/null
  curl -sf -X PUT "$s3/$bucket" > /dev/null
  echo "S3 at $proxied, $latency ms added to every request"
}

stop() { # WORK: every process whose pid file is in WORK, waiting up to 30 s for each to end
  local work=${1:?WORK} p pid i
  for p in "$work"/*.pid; do
    if [ -f "$p" ]; then
      pid=$(cat "$p"); kill "$pid" 2>/dev/null || true
      for i in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
      rm -f "$p"
    fi
  done
}

configure() {
  local url=${1:?URL} gpkg=${2:?GPKG} body; body=$(mktemp)
  cat > "$body" <<X
<S3BlobStore default="true"><id>s3</id><enabled>true</enabled><bucket>$bucket</bucket><prefix>gwc</prefix>
  <awsAccessKey>metatile-fanout</awsAccessKey><awsSecretKey>not-a-secret</awsSecretKey><access>PUBLIC</access>
  <maxConnections>50</maxConnections><useHTTPS>false</useHTTPS><endpoint>$proxied</endpoint><useGzip>false</useGzip>
</S3BlobStore>
X
  curl -sf -u "$auth" -X PUT -H 'Content-Type: text/xml' --data-binary @"$body" "$url/gwc/rest/blobstores/s3" > /dev/null
  "$here/configure.sh" "$url" "$gpkg"
}

# key, size and ETag (the MD5 of a single-part object) of every object, straight from S3Proxy
list() {
  python3 - "$s3/$bucket" <<'P'
import sys, urllib.request, urllib.parse, xml.etree.ElementTree as ET
ns = {'s': 'http://s3.amazonaws.com/doc/2006-03-01/'}; token = None
while True:
    q = {'list-type': '2'} | ({'continuation-token': token} if token else {})
    root = ET.parse(urllib.request.urlopen(sys.argv[1] + '?' + urllib.parse.urlencode(q))).getroot()
    for c in root.findall('s:Contents', ns):
        print(c.find('s:Key', ns).text, c.find('s:Size', ns).text, c.find('s:ETag', ns).text.strip('"'))
    token = root.findtext('s:NextContinuationToken', None, ns)
    if not token: break
P
}

seed() { # URL LAYER Z0 Z1: returns once GWC's task list is empty
  local url=$1 layer=$2 t0
  t0=$(date +%s.%N)
  curl -sf -u "$auth" -X POST -H 'Content-Type: text/xml' "$url/gwc/rest/seed/$layer.xml" --data-binary \
    "<seedRequest><name>$layer</name><gridSetId>EPSG:900913</gridSetId><zoomStart>$3</zoomStart><zoomStop>$4</zoomStop><format>image/png</format><type>seed</type><threadCount>2</threadCount></seedRequest>" > /dev/null
  local i done=0; for i in $(seq 1 9000); do # 30 minutes at most
    if curl -sf -u "$auth" "$url/gwc/rest/seed.json" | grep -q '"long-array-array":\[\]'; then done=1; break; fi
    sleep 0.2
  done
  [ $done = 1 ] || { echo "seed $layer z$3-$4 not finished after 30 minutes" >&2; return 1; }
  python3 -c "import sys,time; print('seed %s z%s-%s: %.1f s' % (sys.argv[1], sys.argv[2], sys.argv[3], time.time() - float(sys.argv[4])))" \
    "$layer" "$3" "$4" "$t0"
}

geoserver() { # WEBAPP DATA_DIR WORK: GeoServer in Jetty on DATA_DIR, once its web pages answer (pid in WORK)
  local app=${1:?WEBAPP} data=${2:?DATA_DIR} work=${3:?WORK} jetty=${JETTY_HOME:-$bench/target/jetty-home-12.1.3}
  if [ ! -d "$jetty" ]; then
    mvn -q -B org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy -Dartifact=org.eclipse.jetty:jetty-home:12.1.3:tar.gz \
      -DoutputDirectory="$(dirname "$jetty")"
    tar xzf "$(dirname "$jetty")/jetty-home-12.1.3.tar.gz" -C "$(dirname "$jetty")"
  fi
  port_free "$gs_port"
  rm -rf "$work/base"; mkdir -p "$work/base/webapps" "$data"
  cp -r "$app" "$work/base/webapps/geoserver"
  (cd "$work/base" && java -jar "$jetty/start.jar" --add-modules=http,ee10-deploy,ee10-webapp > /dev/null 2>&1)
  printf 'jetty.http.host=127.0.0.1\njetty.http.port=%s\n' "$gs_port" >> "$work/base/start.d/http.ini"
  (cd "$work/base" && exec java -Xms2g -Xmx2g -DGEOSERVER_DATA_DIR="$(cd "$data" && pwd)" -Djava.awt.headless=true \
    -jar "$jetty/start.jar" > "$work/jetty.log" 2>&1) &
  echo $! > "$work/geoserver.pid"
  wait_for "http://127.0.0.1:$gs_port/geoserver/web/" 180
}

round() {
  local app=${1:?WEBAPP} data=${2:?DATA} latency=${3:?LATENCY_MS} out=${4:?OUT}
  local url=http://127.0.0.1:$gs_port/geoserver
  if [ -d "$out" ]; then stop "$out"; fi
  rm -rf "$out"; mkdir -p "$out"; cp -r "$data" "$out/data"
  trap "stop '$out'" EXIT
  store "$out" "$latency"
  geoserver "$app" "$out/data" "$out"; sleep 20
  echo "# load average $(cut -d' ' -f1 /proc/loadavg) at the start, $latency ms"
  seed "$url" ne:countries 0 6
  echo "tiles in the bucket after seeding: $(list | grep -c '\.png ')"
  local drive=(java -jar "$bench/target/benchmarks.jar" http --url "$url" --timeout 30 --log-file "$out/data/logs/geoserver.log")
  echo "# JIT warm-up on another area (Americas), not reported"
  "${drive[@]}" --layer ne:countries --bbox -130,-55,-35,70 --zoom 7 --phases first-tile,load --first-tiles 20 --hits 0 \
    --hot-metatiles 0 --requests 100 --seconds 60 > /dev/null
  "${drive[@]}" --layer ne:countries --bbox -20,-35,140,70 --zoom 7-8 --metatile 4x4 --phases first-tile,bursts,load \
    --first-tiles 40 --bursts 12 --clients 8 --hits 0 --hot-metatiles 0 --requests 400 --seconds 90
  local before=-1 now i=0; now=$(list | wc -l)
  while [ "$now" != "$before" ] && [ $((i += 1)) -le 60 ]; do sleep 2; before=$now; now=$(list | wc -l); done # last puts
  list > "$out/objects.txt"; echo "tiles in the bucket at the end: $(grep -c '\.png ' "$out/objects.txt")"
  echo "# load average $(cut -d' ' -f1 /proc/loadavg) at the end"
}

cmd=${1:?usage: see the head of s3.sh}; shift
case $cmd in
  webapp | store | stop | geoserver | configure | list | round) "$cmd" "$@" ;;
  *) echo "unknown command $cmd" >&2; exit 2 ;;
esac
