#!/usr/bin/env python3
"""kill.py: a GeoServer node killed with kill -9 while it renders or stores a metatile.

All tiles of one 10x10 metatile (100 siblings) are asked for at once, round-robin over the nodes. A monitor
reads /proc/locks every few milliseconds and maps the nodes' POSIX locks onto the lock provider's files
(<cache>/metatile-fanout-lockfiles/<sha256 of the key>.lock, or nioLock's <cache>/lockfiles/<sha256>.lck),
so it knows which node holds the metatile's lock (gwc_metatile_...) and which holds other locks of the
metatile's job without it (tile locks, or the storing lock). Triggers, alternating from run to run:

  render  the node holding the metatile lock is killed --render-delay seconds after it is seen holding it
          (by default 40 % of the render time the reference run measured): during its GetMap
  store   the node holding locks other than the metatile lock, and not that one, is killed at once: its
          job is encoding and storing the tiles

A request the killed node does not answer is asked again on the next node. After the burst, when no node
holds a lock any more, the GetMaps of the run are counted in the nodes' logs (GeoServer's "Request: getMap"
entries, written when a GetMap ends: the killed node's shows only the GetMaps it finished), every answer and
every stored tile of the metatile is compared pixel for pixel with the reference, and the killed node is
started again (nodes.sh start-node). The reference is run 0: the same burst with no kill, its tiles rendered
once by a healthy node, every answer and stored tile identical.

A run passes when the survivors rendered the metatile at most once (once when tiles were missing at the
kill), every request got a whole PNG with the reference's pixels, all 100 tiles are stored with them, and
no survivor logged a lock failure. Prints one line per run and a verdict line.
"""

import argparse
import glob
import hashlib
import os
import re
import signal
import subprocess
import threading
import time

from common import GRIDSET, Log, bad_reason, get, gettile_url, pixels, tiles_of


class LockMonitor(threading.Thread):
    """Which processes hold a POSIX lock on which file of the lock directory, polled from /proc/locks."""

    def __init__(self, directory, period):
        super().__init__(daemon=True)
        self.directory, self.period = directory, period
        self.held = {}  # pid -> frozenset of file names
        self.changed = threading.Condition()
        self.stopped = False

    def poll(self):
        names = {}
        try:
            with os.scandir(self.directory) as entries:
                for e in entries:
                    names[e.inode()] = e.name
        except FileNotFoundError:
            pass
        held = {}
        with open("/proc/locks") as f:
            for line in f:
                parts = line.split()
                if len(parts) < 6 or parts[1] == "->" or parts[1] != "POSIX":
                    continue
                inode = int(parts[5].rsplit(":", 1)[1])
                if inode in names:
                    held.setdefault(int(parts[4]), set()).add(names[inode])
        return {pid: frozenset(files) for pid, files in held.items()}

    def run(self):
        while not self.stopped:
            held = self.poll()
            with self.changed:
                self.held = held
                self.changed.notify_all()
            time.sleep(self.period)

    def wait_for(self, predicate, timeout):
        """Waits until predicate(held) returns something truthy; returns it, or None after timeout."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                found = predicate(self.held)
                if found:
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.changed.wait(left)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--work", required=True, help="nodes.sh's WORK folder (pid files, logs, data directory)")
    ap.add_argument("--nodes", required=True, help="comma-separated base URLs, in node order")
    ap.add_argument("--provider", default="metatileFanoutFileLock", choices=["metatileFanoutFileLock", "nioLock"])
    ap.add_argument("--layer", default="ne:countries_slow")
    ap.add_argument("--zoom", type=int, default=9)
    ap.add_argument("--origin", default="240,310", help="grid x,y of the metatile's south-west tile (over Iberia)")
    ap.add_argument("--size", type=int, default=10)
    ap.add_argument("--runs", type=int, default=4, help="runs with a kill, alternating render and store")
    ap.add_argument("--render-delay", type=float, help="seconds from seeing the metatile lock to the kill")
    ap.add_argument("--trigger-timeout", type=float, default=60, help="seconds to wait for a trigger")
    ap.add_argument("--timeout", type=float, default=120, help="seconds per request")
    ap.add_argument("--poll", type=float, default=0.003, help="seconds between two reads of /proc/locks")
    ap.add_argument("--label", default="")
    a = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    nodes = a.nodes.split(",")
    n = len(nodes)
    x0, y0 = (int(v) for v in a.origin.split(","))
    tiles = tiles_of((x0, y0), a.size)
    wanted = set(tiles)
    cache = os.path.join(a.work, "data", "gwc")
    lock_dir, suffix = ((os.path.join(cache, "metatile-fanout-lockfiles"), ".lock") if a.provider != "nioLock"
                        else (os.path.join(cache, "lockfiles"), ".lck"))
    metatile_key = f"gwc_metatile_{a.layer}_{GRIDSET}_{x0}_{y0}_{a.zoom}.png"
    metatile_file = hashlib.sha256(metatile_key.encode()).hexdigest() + suffix
    layer_dir = os.path.join(cache, a.layer.replace(":", "_"))
    log_paths = [os.path.join(a.work, "logs", f"node-{i + 1}.log") for i in range(n)]

    def pids():
        return [int(open(os.path.join(a.work, f"node-{i + 1}.pid")).read()) for i in range(n)]

    def stored():
        """The metatile's tiles in the blob store: (x, y) -> path."""
        found = {}
        for path in glob.glob(os.path.join(layer_dir, f"{GRIDSET.replace(':', '_')}_{a.zoom:02d}*", "*", "*.png")):
            m = re.fullmatch(r"(\d+)_(\d+)\.png", os.path.basename(path))
            if m and (int(m.group(1)), int(m.group(2))) in wanted:
                found[(int(m.group(1)), int(m.group(2)))] = path
        return found

    monitor = LockMonitor(lock_dir, a.poll)
    monitor.start()

    def one_run(trigger, delay):
        for path in stored().values():
            os.remove(path)
        logs = [Log(p) for p in log_paths]
        node_pids = pids()
        dead = set()
        answers = [None] * len(tiles)
        start = threading.Barrier(len(tiles) + 1)

        def ask(i, x, y):
            start.wait()
            node = i % n
            for _ in range(n):
                answer = get(gettile_url(nodes[node], a.layer, x, y, a.zoom), a.timeout)
                if answer.status is not None:
                    break
                node = (node + 1) % n  # the node is gone: the next one
            answers[i] = (node, answer)

        clients = [threading.Thread(target=ask, args=(i, x, y)) for i, (x, y) in enumerate(tiles)]
        for c in clients:
            c.start()
        t0 = time.monotonic()
        start.wait()

        def metatile_holder(held):
            return next((pid for pid, files in held.items() if pid in node_pids and metatile_file in files), None)

        # the first node seen holding the metatile lock is the one that renders it
        renderer = monitor.wait_for(metatile_holder, a.trigger_timeout)
        seen_at = time.monotonic()
        kill, hold = None, None
        if renderer and trigger == "render":
            time.sleep(delay)
            kill = renderer
        elif renderer and trigger == "store":
            # its job's other locks (tile locks, or the storing lock) held after it let the metatile lock go
            kill = monitor.wait_for(lambda held: renderer if held.get(renderer) and metatile_file not in
                                    held[renderer] else None, a.trigger_timeout)
        elif renderer:  # the reference: how long the renderer holds the metatile lock
            if monitor.wait_for(lambda held: metatile_file not in held.get(renderer, ()), a.timeout):
                hold = time.monotonic() - seen_at
        result = {"trigger": trigger}
        if kill:
            held_at_kill = monitor.held.get(kill, frozenset())
            os.kill(kill, signal.SIGKILL)
            result["killed"] = node_pids.index(kill)
            result["after"] = time.monotonic() - t0
            result["held"] = ("metatile lock + " if metatile_file in held_at_kill else "") + \
                f"{len(held_at_kill - {metatile_file})} other locks"
            result["stored at kill"] = len(stored())
            dead.add(kill)
        elif trigger != "reference":
            result["missed"] = True
        for c in clients:
            c.join()
        # until no node holds a lock for a second (the survivors' jobs stored everything), at most 60 s
        quiet_since, limit = None, time.monotonic() + 60
        while time.monotonic() < limit:
            busy = any(pid in node_pids and pid not in dead and files for pid, files in monitor.held.items())
            if busy:
                quiet_since = None
            elif quiet_since is None:
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since >= 1:
                break
            time.sleep(0.05)
        time.sleep(0.5)
        result["answers"] = answers
        result["stored"] = stored()
        result["getmaps"] = [log.getmaps() for log in logs]
        result["lock failures"] = [(i, line) for i, log in enumerate(logs) for line in log.warnings()[0]]
        result["hold"] = hold
        if kill:
            i = result["killed"]
            subprocess.run([os.path.join(here, "nodes.sh"), "start-node", str(i + 1)], check=True,
                           stdout=subprocess.DEVNULL, env=dict(os.environ, WORK=a.work))
        return result

    # warm-up: each node renders a metatile next to the measured one on its own, so that the reference
    # times a render on warm JVMs
    for i, origin in enumerate([(x0 + a.size, y0), (x0, y0 - a.size), (x0 + a.size, y0 - a.size)][:n]):
        x, y = tiles_of(origin, a.size)[0]
        answer = get(gettile_url(nodes[i], a.layer, x, y, a.zoom), a.timeout)
        if bad_reason(answer):
            raise SystemExit(f"warm-up on node {i + 1} failed: {bad_reason(answer)}")
    # run 0: the reference
    ref = one_run("reference", 0)
    bad = [bad_reason(answer) for _, answer in ref["answers"] if bad_reason(answer)]
    if bad or len(ref["stored"]) != len(tiles):
        raise SystemExit(f"reference run failed: {len(bad)} bad answers {bad[:3]}, {len(ref['stored'])} tiles stored")
    reference = {tile: pixels(answer.body) for tile, (_, answer) in zip(tiles, ref["answers"])}
    same_stored = sum(1 for t, p in ref["stored"].items() if pixels(open(p, "rb").read()) == reference[t])
    hold = ref.get("hold")
    print(f"reference ({a.label}): {len(tiles)} whole PNGs, {len(ref['stored'])} tiles stored ({same_stored} with the answers' "
          f"pixels), GetMaps {sum(ref['getmaps'])}, metatile lock held "
          f"{f'{hold:.2f} s' if hold else 'never seen (check --provider and the lock key)'}")
    if hold is None or same_stored != len(tiles) or sum(ref["getmaps"]) != 1:
        raise SystemExit("reference run unusable")
    delay = a.render_delay if a.render_delay is not None else round(0.4 * hold, 2)

    passed, counted, missed = 0, {"render": 0, "store": 0}, 0
    for k in range(1, a.runs + 1):
        trigger = "render" if k % 2 else "store"
        r = one_run(trigger, delay)
        if r.get("missed"):
            missed += 1
            print(f"run {k} {trigger}: trigger not seen within {a.trigger_timeout:.0f} s, no kill; not counted")
            continue
        killed = r["killed"]
        survivors = sum(c for i, c in enumerate(r["getmaps"]) if i != killed)
        bad = [f"tile {tiles[j]}: {bad_reason(ans)}" for j, (_, ans) in enumerate(r["answers"]) if bad_reason(ans)]
        wrong = [tiles[j] for j, (_, ans) in enumerate(r["answers"]) if not bad_reason(ans)
                 and pixels(ans.body) != reference[tiles[j]]]
        stored_ok = sum(1 for t, p in r["stored"].items() if pixels(open(p, "rb").read()) == reference[t])
        missing = r["stored at kill"] < len(tiles)
        ok = (survivors <= 1 and not bad and not wrong and stored_ok == len(tiles)
              and not [f for f in r["lock failures"] if f[0] != killed])
        passed += ok
        counted[trigger] += 1
        again = {0: "not rendered again", 1: "rendered again once"}.get(survivors, f"rendered again {survivors} times")
        print(f"run {k} {trigger}: node {killed + 1} killed {r['after']:.2f} s after the burst holding {r['held']}, "
              f"{r['stored at kill']} tiles stored at the kill; GetMaps: killed node {r['getmaps'][killed]}, "
              f"survivors {survivors} ({again}{'' if missing or survivors == 0 else ', though all tiles were stored'}); "
              f"answers {len(tiles) - len(bad)} whole PNGs, {len(bad)} bad, {len(wrong)} with other pixels; "
              f"stored {len(r['stored'])}, {stored_ok} with the reference's pixels; lock failures "
              f"{len(r['lock failures'])}: {'PASS' if ok else 'FAIL'}")
        for line in bad[:5] + [f"node {i + 1}: {line}" for i, line in r["lock failures"][:5]]:
            print("  " + line)
    monitor.stopped = True
    total = counted["render"] + counted["store"]
    ok = passed == total and counted["render"] > 0 and counted["store"] > 0
    print(f"VERDICT kill {a.label}: {total} runs with a kill ({counted['render']} render, {counted['store']} "
          f"store, {missed} without trigger), {passed} passed (rendered again at most once, every answer and "
          f"stored tile with the reference's pixels, no lock failure on a survivor): {'PASS' if ok else 'FAIL'}")
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
