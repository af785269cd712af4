#!/usr/bin/env python3
"""A first look at each running tile cache (peers.sh start), with nothing but the standard library.

For each layer, on the same metatiles for every cache (zoom 8, a fixed sample over land):
- backend: MapServer's own GetMap of each metatile (1024 px + the gutter on each side), one at a time;
- first tile: one client asks for one tile of each uncached metatile, one after another: the time to
  that tile, the GetMaps it caused, and CPU per metatile of the cache and of MapServer's processes;
- burst: the 16 tiles of each uncached metatile asked at once by 16 threads: the GetMaps per metatile
  and the time until the last of the 16 answered.
Each cache first gets 10 other uncached metatiles per layer, not counted (warm-up).
Times are the client's (Python http.client on 127.0.0.1), in ms; CPU comes from `peers.sh cpu` and
GetMaps from MapServer's access log (`peers.sh getmaps`).

Usage: sanity.py [--first N] [--bursts N] [--layers light,heavy]  (PEERS_WORK and PEERS_GUTTER as for
peers.sh)
"""
import argparse
import collections
import math
import http.client
import os
import random
import statistics
import struct
import subprocess
import threading
import time
import urllib.parse
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
PEERS = os.path.join(HERE, "peers.sh")
HALF = 20037508.342789244  # half the web-mercator world, in metres
ZOOM = 8
GUTTER = int(os.environ.get("PEERS_GUTTER", "32"))


def peers(*args):
    return subprocess.run([PEERS, *args], check=True, capture_output=True, text=True).stdout


def cpu():
    return {name: int(ms) for name, ms in (line.split() for line in peers("cpu").splitlines())}


def access_log_lines():
    work = os.environ.get("PEERS_WORK", os.path.join(HERE, "..", "target", "peers"))
    with open(os.path.join(work, "logs", "mapserver-access.log")) as log:
        return sum(1 for _ in log)


def getmaps_since(line):
    words = peers("getmaps", str(line + 1)).split()
    return {"getmaps": int(words[1]), "bboxes": int(words[3]), "max": int(words[5])}


def fetch(url):
    """GET url on a new connection; returns (ms, status, content type, body)."""
    parts = urllib.parse.urlsplit(url)
    start = time.perf_counter()
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
    conn.request("GET", parts.path + ("?" + parts.query if parts.query else ""))
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return (time.perf_counter() - start) * 1000, response.status, response.getheader("Content-Type"), body


def fetch_ms(url):
    return fetch(url)[:3]


def png_summary(data):
    """Colour type, zlib level class (FLEVEL: 0 fastest, 1 fast, 2 default, 3 best) and row filters."""
    pos, idat, width, height, colour = 8, b"", 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IHDR":
            width, height, _, colour = struct.unpack(">IIBB", data[pos + 8:pos + 18])
        elif kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    raw = zlib.decompress(idat)
    filters = collections.Counter(raw[row * (width * channels + 1)] for row in range(height))
    kind = {2: "RGB", 3: "palette", 6: "RGBA"}.get(colour, str(colour))
    return f"{kind}, zlib FLEVEL {idat[1] >> 6}, row filters {dict(sorted(filters.items()))}, {len(data)} bytes"


# (west, south, east, north) in degrees: inland parts of the continents, so that metatiles have content
LAND = [(0, 45, 100, 65), (-5, -25, 40, 25), (-120, 30, -75, 60), (-70, -30, -40, 0), (70, 20, 120, 45),
        (115, -35, 150, -18)]


def metatile_of(lon, lat):
    side = 2**ZOOM // 4
    y = (1 - math.asinh(math.tan(math.radians(lat))) / math.pi) / 2
    return int((lon + 180) / 360 * side), int(y * side)


def metatiles(count, seed):
    """`count` distinct metatiles (mx, my) at ZOOM over land, the same for every cache."""
    cells = set()
    for west, south, east, north in LAND:
        (x0, y0), (x1, y1) = metatile_of(west, north), metatile_of(east, south)
        cells.update((mx, my) for mx in range(x0, x1 + 1) for my in range(y0, y1 + 1))
    return random.Random(seed).sample(sorted(cells), count)


def backend_url(wms, layer, mx, my):
    res = 2 * HALF / (256 * 2**ZOOM)
    minx = -HALF + mx * 1024 * res - GUTTER * res
    maxy = HALF - my * 1024 * res + GUTTER * res
    size = 1024 + 2 * GUTTER
    bbox = f"{minx},{maxy - size * res},{minx + size * res},{maxy}"
    return (f"{wms}?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS={layer}&STYLES="
            f"&SRS=EPSG:3857&BBOX={bbox}&WIDTH={size}&HEIGHT={size}&FORMAT=image/png&TRANSPARENT=TRUE")


def pct(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def check(status, ctype, what):
    if status != 200 or not (ctype or "").startswith("image/png"):
        raise SystemExit(f"{what}: HTTP {status} {ctype}")


def backend(wms, layer, tiles):
    before = cpu()
    times = []
    for mx, my in tiles:
        ms, status, ctype = fetch_ms(backend_url(wms, layer, mx, my))
        check(status, ctype, "backend")
        times.append(ms)
    spent = cpu()["mapserv"] - before["mapserv"]
    return times, spent / len(tiles)


def first_tiles(template, name, layer, tiles):
    before, line = cpu(), access_log_lines()
    times = []
    for mx, my in tiles:
        ms, status, ctype = fetch_ms(template.format(layer=layer, z=ZOOM, x=4 * mx + 1, y=4 * my + 2))
        check(status, ctype, name)
        times.append(ms)
    after = cpu()
    return times, getmaps_since(line), {k: (after[k] - before[k]) / len(tiles) for k in (name, "mapserv")}


def bursts(template, name, layer, tiles):
    """All 16 tiles of each metatile at once; the time until the last answered, GetMaps per metatile."""
    line, spans = access_log_lines(), []
    for mx, my in tiles:
        urls = [template.format(layer=layer, z=ZOOM, x=4 * mx + i % 4, y=4 * my + i // 4) for i in range(16)]
        results, go = [None] * 16, threading.Barrier(16)

        def one(i):
            go.wait()
            results[i] = fetch_ms(urls[i])

        threads = [threading.Thread(target=one, args=(i,)) for i in range(16)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for ms, status, ctype in results:
            check(status, ctype, name)
        spans.append(max(ms for ms, _, _ in results))
    return spans, getmaps_since(line)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--first", type=int, default=20, help="metatiles for the first-tile and backend rounds")
    parser.add_argument("--bursts", type=int, default=5, help="metatiles for the 16-sibling bursts")
    parser.add_argument("--layers", default="light,heavy")
    args = parser.parse_args()
    running = {line.split()[0] for line in peers("status").splitlines()}
    urls = {n: t for n, _, t in (line.split() for line in peers("urls").splitlines())}
    templates = {n: t for n, t in urls.items() if n in running}
    caches = [n for n in ("mapproxy", "mapcache", "gwc", "fanout") if n in templates]
    print(f"zoom {ZOOM}, 4x4 metatiles, gutter {GUTTER} px; caches: {', '.join(caches)}")
    for layer_index, layer in enumerate(args.layers.split(",")):
        first_set = metatiles(args.first, seed=2 * layer_index)
        burst_set = [t for t in metatiles(args.first + args.bursts, seed=2 * layer_index + 1)
                     if t not in first_set][: args.bursts]
        warm_set = [t for t in metatiles(args.first + args.bursts + 10, seed=100 + layer_index)
                    if t not in first_set and t not in burst_set][:10]
        for name in caches:  # warm-up (a JVM compiles its hot code first): not counted
            first_tiles(templates[name], name, layer, warm_set)
        times, mapserv_cpu = backend(urls["mapserver"], layer, first_set)
        print(f"\n[{layer}] backend GetMap {1024 + 2 * GUTTER}px, {len(times)} metatiles: "
              f"p50 {pct(times, 50):.1f} ms, p90 {pct(times, 90):.1f} ms, mapserv CPU {mapserv_cpu:.1f} ms each")
        print(f"{'cache':<9} {'first p50':>9} {'p90':>7} {'GetMaps':>7} {'CPU/mt':>7} {'mapserv':>7} | "
              f"{'burst GetMaps/mt':>16} {'16 done p50':>11} {'max':>7}")
        for name in caches:
            times, maps, spent = first_tiles(templates[name], name, layer, first_set)
            spans, burst_maps = bursts(templates[name], name, layer, burst_set)
            print(f"{name:<9} {pct(times, 50):>9.1f} {pct(times, 90):>7.1f} "
                  f"{maps['getmaps'] / len(first_set):>7.2f} {spent[name]:>7.1f} {spent['mapserv']:>7.1f} | "
                  f"{burst_maps['getmaps'] / len(burst_set):>8.2f} (max {burst_maps['max']}) "
                  f"{statistics.median(spans):>11.1f} {max(spans):>7.1f}")
        for name in caches:  # the largest of the tiles asked in the first-tile round, now cached
            bodies = [fetch(templates[name].format(layer=layer, z=ZOOM, x=4 * mx + 1, y=4 * my + 2))[3]
                      for mx, my in first_set]
            print(f"{name} largest tile: {png_summary(max(bodies, key=len))}")


if __name__ == "__main__":
    main()
