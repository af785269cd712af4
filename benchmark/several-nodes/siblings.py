#!/usr/bin/env python3
"""siblings.py: one render per metatile across several GeoServer nodes sharing a data directory.

For each metatile nobody has asked for, its tiles (16 for 4x4) are asked for at once, tile i going to node
i mod N; the next metatile's burst starts when every answer is in. After each burst the GetMaps the nodes
logged are counted (GeoServer's "Request: getMap" entries, one per GetMap, written when it ends). An answer
is good when it is HTTP 200 and a whole 256x256 PNG. A warm-up at another zoom and place comes first and is
counted too: it also proves that the logs show the GetMaps at all.

Prints one line per zoom and a verdict line: PASS when every metatile had exactly one GetMap, every answer
was good and no node logged a lock failure (a WARN/ERROR entry about a lock) during the session.
"""

import argparse
import random
import threading
import time

from common import Log, bad_reason, full_metatiles, get, gettile_url, percentile, tiles_of


def burst(nodes, layer, origin, size, zoom, timeout):
    """All tiles of one metatile at once, round-robin over the nodes: [(node index, answer)]."""
    tiles = tiles_of(origin, size)
    answers = [None] * len(tiles)
    start = threading.Barrier(len(tiles))

    def ask(i, x, y):
        node = i % len(nodes)
        start.wait()
        answers[i] = (node, get(gettile_url(nodes[node], layer, x, y, zoom), timeout))

    threads = [threading.Thread(target=ask, args=(i, x, y)) for i, (x, y) in enumerate(tiles)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nodes", required=True, help="comma-separated base URLs, e.g. http://127.0.0.1:8101/geoserver")
    ap.add_argument("--logs", required=True, help="comma-separated log files of the nodes, in the same order")
    ap.add_argument("--layer", default="ne:countries")
    ap.add_argument("--size", type=int, default=4, help="metatile size in tiles (the layer's)")
    ap.add_argument("--bbox", default="-20,-35,140,70", help="lon/lat box the metatiles are drawn from")
    ap.add_argument("--zooms", default="7,8,9")
    ap.add_argument("--metatiles", type=int, default=24, help="metatiles per zoom")
    ap.add_argument("--warmup-bbox", default="-130,-55,-35,70")
    ap.add_argument("--warmup-zoom", type=int, default=6)
    ap.add_argument("--warmup", type=int, default=8, help="metatiles of the warm-up")
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument("--timeout", type=float, default=120, help="seconds per request")
    ap.add_argument("--label", default="", help="what the verdict line names (provider, protocol)")
    a = ap.parse_args()
    nodes = a.nodes.split(",")
    logs = [Log(p) for p in a.logs.split(",")]
    rng = random.Random(a.seed)
    bbox = tuple(float(v) for v in a.bbox.split(","))

    def pick(box, zoom, count):
        origins = full_metatiles(box, zoom, a.size)
        rng.shuffle(origins)
        if len(origins) < count:
            raise SystemExit(f"only {len(origins)} whole metatiles at zoom {zoom} in {box}")
        return origins[:count]

    def session(zoom, origins):
        """Bursts over the metatiles: (GetMaps per metatile, GetMaps per node, bad answers, latencies)."""
        per_metatile, bad, latencies = [], [], []
        per_node = [0] * len(nodes)
        before = [log.getmaps() for log in logs]
        for origin in origins:
            answers = burst(nodes, a.layer, origin, a.size, zoom, a.timeout)
            for node, answer in answers:
                reason = bad_reason(answer)
                if reason:
                    bad.append(f"metatile {origin} zoom {zoom} node {node + 1}: {reason}")
                else:
                    latencies.append(answer.seconds)
            time.sleep(0.3)  # the GetMap's log entry is written as it ends, before its answer; let it reach the file
            after = [log.getmaps() for log in logs]
            per_metatile.append(sum(after) - sum(before))
            for i in range(len(nodes)):
                per_node[i] += after[i] - before[i]
            before = after
        return per_metatile, per_node, bad, latencies

    warm = pick(tuple(float(v) for v in a.warmup_bbox.split(",")), a.warmup_zoom, a.warmup)
    wm, _, wbad, _ = session(a.warmup_zoom, warm)
    print(f"warm-up, zoom {a.warmup_zoom}: {len(warm)} metatiles, GetMaps {sum(wm)} {wm}, bad answers {len(wbad)}")
    if sum(wm) == 0:
        raise SystemExit("no 'Request: getMap' entry in the nodes' logs: GetMaps cannot be counted "
                         "(is GeoServer's logging profile DEFAULT_LOGGING, and GEOSERVER_LOG_LOCATION set per node?)")

    total_metatiles, ones, total_bad, all_bad, counts = 0, 0, 0, [], []
    for zoom in [int(z) for z in a.zooms.split(",")]:
        origins = pick(bbox, zoom, a.metatiles)
        per_metatile, per_node, bad, latencies = session(zoom, origins)
        total_metatiles += len(origins)
        ones += sum(1 for n in per_metatile if n == 1)
        counts += per_metatile
        all_bad += bad
        spread = {n: per_metatile.count(n) for n in sorted(set(per_metatile))}
        lat = (f"latency p50 {percentile(latencies, 50) * 1000:.0f} ms, p99 {percentile(latencies, 99) * 1000:.0f} ms"
               if latencies else "no good answer")
        print(f"zoom {zoom}: {len(origins)} metatiles, {len(origins) * a.size * a.size} requests, GetMaps "
              f"{sum(per_metatile)} (per node {', '.join(map(str, per_node))}), GetMaps per metatile "
              f"{', '.join(f'{n}: {c} metatiles' for n, c in spread.items())}, bad answers {len(bad)}, {lat}")
    time.sleep(1)
    lock_failures, other = [], []
    for i, log in enumerate(logs):
        lock, rest = log.warnings()
        lock_failures += [f"node {i + 1}: {line}" for line in lock]
        other += [f"node {i + 1}: {line}" for line in rest]
    for line in all_bad[:10] + lock_failures[:10] + other[:10]:
        print("  " + line)
    ok = ones == total_metatiles and not all_bad and not lock_failures
    print(f"VERDICT siblings {a.label}: {total_metatiles} metatiles of {a.size}x{a.size}, "
          f"{total_metatiles * a.size * a.size} requests over {len(nodes)} nodes; 1 GetMap for {ones} of "
          f"{total_metatiles} metatiles ({sum(counts)} GetMaps); bad answers {len(all_bad)}; lock failures "
          f"{len(lock_failures)}; other WARN/ERROR entries {len(other)}: {'PASS' if ok else 'FAIL'}")
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
