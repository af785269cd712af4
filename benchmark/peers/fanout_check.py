#!/usr/bin/env python3
"""Stock GeoWebCache ("gwc") against GeoWebCache with the metatile-fanout plugin ("fanout"), both started by
`peers.sh start GWC_WAR PLUGIN_JAR`, on the same MapServer. Standard library only; reuses sanity.py.

  fanout_check.py identity Z0 Z1   every tile of zoom levels Z0 to Z1 of both layers, PNG then JPEG, asked
                                   once from each, one at a time: GetMaps, and whether the answers and then
                                   the stored tile files are byte-identical
  fanout_check.py stored N         N uncached metatiles of zoom 8 over land per layer, one tile each, asked
                                   from each in turn: the time to the tile, and how many of the metatile's
                                   16 tiles are stored when the answer arrives; MapServer's own GetMap of
                                   the same metatiles for comparison (a measurement: run it under
                                   measure.sh)
  fanout_check.py siblings N       the 16 tiles of each of N uncached metatiles of zoom 8 per layer asked at
                                   once by 16 threads, from each: GetMaps per metatile
  fanout_check.py seed Z0 Z1       each layer's PNG tiles of zoom Z0 to Z1 seeded through GeoWebCache's REST
                                   seeding endpoint (2 threads), in each GeoWebCache in turn: GetMaps, and the
                                   stored tiles counted as soon as the seed task has left the task list
  fanout_check.py uncached N [PORT]
                                   layer heavy-cached-to-7 at zoom 8, outside its cached range: one tile of
                                   each of N metatiles, one at a time (time to the tile), then the 16 tiles of
                                   each of N other metatiles one after another (a viewer filling the screen):
                                   pixels rendered by MapServer per tile served, from its access log. Whether
                                   the plugin renders tiles alone there is its start-up setting
                                   METATILE_FANOUT_SINGLE_TILE_WHEN_UNCACHED (PEERS_JAVA_OPTS). PORT: a third
                                   GeoWebCache ("single") measured beside, on 127.0.0.1:PORT, started by hand
                                   like the fanout instance with that setting on (a measurement: run it
                                   under measure.sh)

PEERS_WORK and PEERS_PORT_BASE as for peers.sh.
"""
import base64
import collections
import glob
import hashlib
import json
import os
import re
import sys
import time
import urllib.request

import sanity

CACHES = ("gwc", "fanout")
LAYERS = ("light", "heavy")
FORMATS = {"image/png": "png", "image/jpeg": "jpeg"}
WORK = os.environ.get("PEERS_WORK", os.path.join(sanity.HERE, "..", "target", "peers"))


def templates():
    urls = {n: t for n, _, t in (line.split() for line in sanity.peers("urls").splitlines())}
    return {name: urls[name] for name in CACHES}


def get(template, layer, fmt, z, x, y):
    ms, status, ctype, body = sanity.fetch(
        template.format(layer=layer, z=z, x=x, y=y).replace("FORMAT=image/png", "FORMAT=" + fmt))
    if status != 200 or ctype != fmt:
        raise SystemExit(f"{layer} {z}/{x}/{y} {fmt}: HTTP {status} {ctype}")
    return ms, body


def stored_files(name, layer, extension):
    """The stored tiles of `layer` in `extension`: relative path -> SHA-256."""
    root = os.path.join(WORK, "cache", name, layer)
    return {os.path.relpath(f, root): hashlib.sha256(open(f, "rb").read()).hexdigest()
            for f in glob.glob(os.path.join(root, "*", "*", "*." + extension))}


def identity(z0, z1):
    urls = templates()
    tiles = [(z, x, y) for z in range(z0, z1 + 1) for x in range(2**z) for y in range(2**z)]
    for layer in LAYERS:
        for fmt, extension in FORMATS.items():
            answers, getmaps = {}, {}
            for name in CACHES:
                line = sanity.access_log_lines()
                answers[name] = {t: hashlib.sha256(get(urls[name], layer, fmt, *t)[1]).digest() for t in tiles}
                getmaps[name] = sanity.getmaps_since(line)["getmaps"]
            same = sum(answers["gwc"][t] == answers["fanout"][t] for t in tiles)
            stock = stored_files("gwc", layer, extension)
            deadline = time.time() + 60  # the plugin stores the last tiles just after its answers
            while len(stored_files("fanout", layer, extension)) < len(stock) and time.time() < deadline:
                time.sleep(0.1)
            plugin = stored_files("fanout", layer, extension)
            same_files = sum(plugin.get(path) == digest for path, digest in stock.items())
            print(f"{layer} {fmt}, zoom {z0}-{z1}: {len(tiles)} tiles; GetMaps gwc {getmaps['gwc']}, fanout"
                  f" {getmaps['fanout']}; answers identical {same}/{len(tiles)}; stored files identical"
                  f" {same_files}/{len(stock)} (fanout stored {len(plugin)})")


def tiles_stored(name, layer, mx, my):
    """How many tiles of metatile (mx, my) of zoom 8 (WMTS rows from the top) are stored now."""
    rows = 2**sanity.ZOOM
    found = 0
    for f in glob.glob(os.path.join(WORK, "cache", name, layer, "EPSG_900913_%02d" % sanity.ZOOM, "*", "*.png")):
        x, y = map(int, re.match(r"(\d+)_(\d+)\.png$", os.path.basename(f)).groups())
        found += 4 * mx <= x < 4 * mx + 4 and 4 * my <= rows - 1 - y < 4 * my + 4
    return found


def stored(count):
    urls = templates()
    wms = sanity.peers("urls").splitlines()[0].split()[2]
    for index, layer in enumerate(LAYERS):
        metatiles = sanity.metatiles(count, seed=1000 + index)
        backend, _ = sanity.backend(wms, layer, metatiles)
        times, at_answer = collections.defaultdict(list), collections.defaultdict(collections.Counter)
        for mx, my in metatiles:
            for name in CACHES:
                ms, _ = get(urls[name], layer, "image/png", sanity.ZOOM, 4 * mx + 1, 4 * my + 2)
                times[name].append(ms)
                at_answer[name][tiles_stored(name, layer, mx, my)] += 1
        print(f"[{layer}] zoom {sanity.ZOOM}, {count} uncached metatiles; MapServer GetMap p50"
              f" {sanity.pct(backend, 50):.0f} ms, p90 {sanity.pct(backend, 90):.0f} ms")
        for name in CACHES:
            print(f"{name:<7} first tile p50 {sanity.pct(times[name], 50):.0f} ms, p90"
                  f" {sanity.pct(times[name], 90):.0f} ms; tiles stored at the answer (tiles: metatiles)"
                  f" {dict(sorted(at_answer[name].items()))}")


def siblings(count):
    urls = templates()
    for index, layer in enumerate(LAYERS):
        metatiles = sanity.metatiles(count, seed=3000 + index)
        for name in CACHES:
            spans, getmaps = sanity.bursts(urls[name], name, layer, metatiles)
            print(f"{layer} {name}: {count} metatiles of zoom {sanity.ZOOM}, 16 simultaneous requests each:"
                  f" {getmaps['getmaps']} GetMaps, at most {getmaps['max']} for one metatile; all 16"
                  f" answered p50 {sanity.pct(spans, 50):.0f} ms")


def rest(name, method, path, body=None):
    """A call to GeoWebCache's REST API as its default administrator (the war's users.properties)."""
    url = re.sub(r"/service/.*", "/rest/" + path, templates()[name])
    request = urllib.request.Request(url, data=body, method=method)
    request.add_header("Authorization", "Basic " + base64.b64encode(b"geowebcache:secured").decode())
    if body is not None:
        request.add_header("Content-Type", "text/xml")
    with urllib.request.urlopen(request, timeout=60) as answer:
        return answer.read()


def seed(z0, z1):
    for layer in LAYERS:
        for name in CACHES:
            line = sanity.access_log_lines()
            start = time.time()
            rest(name, "POST", f"seed/{layer}.xml", (
                f"<seedRequest><name>{layer}</name><gridSetId>EPSG:900913</gridSetId><zoomStart>{z0}</zoomStart>"
                f"<zoomStop>{z1}</zoomStop><format>image/png</format><type>seed</type><threadCount>2</threadCount>"
                "</seedRequest>").encode())
            time.sleep(0.5)  # the task is listed once it has started
            while json.loads(rest(name, "GET", "seed.json"))["long-array-array"]:  # every task of this GeoWebCache
                time.sleep(0.2)
            seconds = time.time() - start
            stored_now = {z: len(glob.glob(os.path.join(WORK, "cache", name, layer, "EPSG_900913_%02d" % z, "*",
                                                        "*.png"))) for z in range(z0, z1 + 1)}
            expected = {z: 4**z for z in range(z0, z1 + 1)}
            metatiles = sum(max(1, (2**z // 4))**2 for z in range(z0, z1 + 1))
            print(f"{layer} {name}: seeded zoom {z0}-{z1} in {seconds:.1f} s; GetMaps"
                  f" {sanity.getmaps_since(line)['getmaps']} for {metatiles} metatiles; tiles stored when the task"
                  f" ended {sum(stored_now.values())} of {sum(expected.values())} (per zoom {stored_now})")


UNCACHED_LAYER = "heavy-cached-to-7"


def pixels_since(line):
    """GetMaps and the pixels they asked for (WIDTH x HEIGHT), from line `line` + 1 of MapServer's log."""
    work = os.environ.get("PEERS_WORK", os.path.join(sanity.HERE, "..", "target", "peers"))
    getmaps = pixels = 0
    with open(os.path.join(work, "logs", "mapserver-access.log")) as log:
        for text in list(log)[line:]:
            low = text.lower()
            if "request=getmap" in low:
                size = dict(re.findall(r"[?&](width|height)=(\d+)", low))
                getmaps += 1
                pixels += int(size["width"]) * int(size["height"])
    return getmaps, pixels


def single_tile_setting():
    log = os.path.join(WORK, "logs", "fanout.out")
    text = open(log, errors="replace").read() if os.path.exists(log) else ""
    return "on" if "single tiles on uncached levels on" in text else "off"


def uncached(count, single_port=None):
    urls, caches = templates(), CACHES
    if single_port:
        urls["single"] = re.sub(r":\d+/", f":{single_port}/", urls["fanout"], count=1)
        caches = CACHES + ("single",)
    firsts = sanity.metatiles(count, seed=2000)
    viewed = [m for m in sanity.metatiles(3 * count, seed=2001) if m not in firsts][:count]
    print(f"{UNCACHED_LAYER}, zoom {sanity.ZOOM} (not cached), 4x4 metatiles, gutter {sanity.GUTTER} px; plugin's"
          f" single tiles on uncached levels: {single_tile_setting()}")
    warm = [m for m in sanity.metatiles(4 * count + 10, seed=2002) if m not in firsts and m not in viewed][:10]
    for name in caches:  # warm-up, not counted
        for mx, my in warm:
            get(urls[name], UNCACHED_LAYER, "image/png", sanity.ZOOM, 4 * mx + 1, 4 * my + 2)
    for name in caches:
        line, times = sanity.access_log_lines(), []
        for mx, my in firsts:
            times.append(get(urls[name], UNCACHED_LAYER, "image/png", sanity.ZOOM, 4 * mx + 1, 4 * my + 2)[0])
        getmaps, pixels = pixels_since(line)
        line = sanity.access_log_lines()
        for mx, my in viewed:
            for i in range(16):
                get(urls[name], UNCACHED_LAYER, "image/png", sanity.ZOOM, 4 * mx + i % 4, 4 * my + i // 4)
        all_getmaps, all_pixels = pixels_since(line)
        print(f"{name:<7} one tile per metatile: first tile p50 {sanity.pct(times, 50):.0f} ms, p90"
              f" {sanity.pct(times, 90):.0f} ms, {getmaps} GetMaps, {pixels / count:,.0f} px per tile served;"
              f" 16 tiles per metatile: {all_getmaps} GetMaps, {all_pixels / (16 * count):,.0f} px per tile served")


if __name__ == "__main__":
    command, args = sys.argv[1], [int(a) for a in sys.argv[2:]]
    {"identity": identity, "stored": stored, "siblings": siblings, "seed": seed, "uncached": uncached}[command](*args)
