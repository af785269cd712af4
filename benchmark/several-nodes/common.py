"""What siblings.py and kill.py share: the EPSG:900913 grid, WMTS GetTile requests, PNG checks and the
nodes' logs (one GeoServer log per node, GEOSERVER_LOG_LOCATION, see nodes.sh)."""

import io
import math
import re
import time
import urllib.error
import urllib.request

from PIL import Image

GRIDSET = "EPSG:900913"
HALF = 20037508.342789244  # half the width of the EPSG:900913 grid, metres


def tile_range(bbox, zoom):
    """The GeoWebCache grid tiles (x to the east, y to the north, from 0 at the south-west corner) that a
    lon/lat box touches at a zoom level: (xmin, ymin, xmax, ymax), inclusive."""
    west, south, east, north = bbox
    n = 2 ** zoom

    def tx(lon):
        return min(n - 1, max(0, int((lon + 180.0) / 360.0 * n)))

    def ty(lat):
        y = math.log(math.tan(math.pi / 4 + math.radians(lat) / 2)) * 6378137.0
        return min(n - 1, max(0, int((y + HALF) / (2 * HALF) * n)))

    return tx(west), ty(south), tx(east), ty(north)


def full_metatiles(bbox, zoom, size):
    """Origins (x, y) of the metatiles of size x size tiles lying wholly inside the box. GeoWebCache aligns a
    metatile on multiples of its size in grid coordinates."""
    xmin, ymin, xmax, ymax = tile_range(bbox, zoom)
    first_x = -(-xmin // size) * size
    first_y = -(-ymin // size) * size
    return [(x, y) for x in range(first_x, xmax - size + 2, size) for y in range(first_y, ymax - size + 2, size)]


def tiles_of(origin, size):
    """The tiles of a metatile, row by row from the north-west one."""
    x0, y0 = origin
    return [(x0 + i, y0 + j) for j in reversed(range(size)) for i in range(size)]


def gettile_url(node, layer, x, y, z):
    """A WMTS GetTile (KVP) for a GeoWebCache grid tile; WMTS counts rows from the north."""
    row = 2 ** z - 1 - y
    return (f"{node}/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER={layer}&STYLE="
            f"&TILEMATRIXSET={GRIDSET}&TILEMATRIX={GRIDSET}:{z}&TILEROW={row}&TILECOL={x}&FORMAT=image/png")


class Answer:
    """One HTTP answer: status (None when the connection failed), body, seconds, error text."""

    def __init__(self, status, body, seconds, error=None):
        self.status, self.body, self.seconds, self.error = status, body, seconds, error


def get(url, timeout):
    t0 = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return Answer(r.status, r.read(), time.monotonic() - t0)
    except urllib.error.HTTPError as e:
        return Answer(e.code, e.read(), time.monotonic() - t0, f"HTTP {e.code}")
    except Exception as e:  # connection refused or reset, timeout: no answer
        return Answer(None, b"", time.monotonic() - t0, f"{type(e).__name__}: {e}")


def pixels(png):
    """The RGBA pixels of a whole 256x256 PNG, or None when it is not one."""
    try:
        image = Image.open(io.BytesIO(png))
        image.load()
    except Exception:
        return None
    if image.format != "PNG" or image.size != (256, 256):
        return None
    return image.convert("RGBA").tobytes()


def bad_reason(answer):
    """Why an answer is not a whole 256x256 PNG, or None when it is."""
    if answer.status is None:
        return answer.error
    if answer.status != 200:
        return f"HTTP {answer.status}: {answer.body[:200]!r}"
    if pixels(answer.body) is None:
        return f"not a whole 256x256 PNG ({len(answer.body)} bytes)"
    return None


def percentile(values, p):
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


# GeoServer's RequestObjectLogger writes one INFO entry per WMS operation, when the operation ends; its second
# line is "Request: getMap" for every GetMap, those GeoWebCache (or the plugin) dispatch to render a metatile
# included. The default logging profile writes it.
GETMAP = re.compile(r"^Request: getMap\b")
HEADER = re.compile(r"^\d\d \w{3} \d\d:\d\d:\d\d ([A-Z]+)\b")
LOCK = re.compile(r"lock", re.IGNORECASE)


class Log:
    """A node's log from an offset on: the GetMaps and the WARN/ERROR entries written since."""

    def __init__(self, path):
        self.path = path
        self.offset = self.size()

    def size(self):
        try:
            with open(self.path, "rb") as f:
                return f.seek(0, 2)
        except FileNotFoundError:
            return 0

    def lines(self):
        try:
            with open(self.path, "rb") as f:
                f.seek(self.offset)
                return f.read().decode("utf-8", "replace").splitlines()
        except FileNotFoundError:
            return []

    def getmaps(self):
        return sum(1 for line in self.lines() if GETMAP.match(line))

    def warnings(self):
        """(lock failures, other WARN/ERROR entries), each entry as its first line. An entry is a lock
        failure when its first three lines mention a lock (GeoWebCache's "Failed to get lock ...", the
        engine's "... will be served but not stored: Could not acquire lock ...", a LockTimeoutException)."""
        lines = self.lines()
        lock, other = [], []
        for i, line in enumerate(lines):
            m = HEADER.match(line)
            if not m or m.group(1) not in ("WARN", "WARNING", "ERROR", "SEVERE", "FATAL"):
                continue
            text = [line]
            for following in lines[i + 1:i + 3]:
                if HEADER.match(following):
                    break
                text.append(following)
            (lock if LOCK.search(" ".join(text)) else other).append(line)
        return lock, other
