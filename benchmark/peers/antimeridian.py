#!/usr/bin/env python3
"""Makes world-atlas polygons drawable on a flat map: rewrites a GeoJSON FeatureCollection (longitude,
latitude) so that no ring jumps across the antimeridian.

world-atlas keeps Natural Earth's polygons whole on the sphere: a ring that crosses the antimeridian
jumps from about +180 to -180 (Russia, Fiji), and Antarctica's outer ring goes once around the south
pole without closing. Drawn flat, such rings streak across the whole map. For each ring this script:
- makes longitudes continuous (each step at most 180 degrees), so the ring may reach past +-180;
- moves each hole by whole turns next to its outer ring;
- closes a ring that goes around a pole through that pole;
- adds copies of the polygon shifted by 360 degrees when it reaches past +-180.
Clipping to -180..180 (and to the web-mercator latitudes) is left to ogr2ogr.

It also gives each feature a small integer `color` (0-4) from its numeric id, for styling.

Usage: antimeridian.py IN.geojson OUT.geojson
"""
import json
import sys


def unwrap(ring, near=None):
    """Longitudes made continuous; the whole ring moved by whole turns so it starts near `near`."""
    out = [list(ring[0])]
    if near is not None:
        out[0][0] += 360 * round((near - out[0][0]) / 360)
    for x, y in ring[1:]:
        px = out[-1][0]
        out.append([x + 360 * round((px - x) / 360), y])
    return out


def close_around_pole(ring):
    """A ring whose ends are a turn apart went around a pole: close it through that pole."""
    (x0, y0), (x1, y1) = ring[0], ring[-1]
    if abs(x1 - x0) < 180:
        return ring
    pole = 90.0 if y0 > 0 else -90.0
    return ring + [[x1, pole], [x0, pole], [x0, y0]]


def fix_polygon(rings):
    outer = close_around_pole(unwrap(rings[0]))
    mid = sum(x for x, _ in outer) / len(outer)
    polygon = [outer] + [unwrap(hole, near=mid) for hole in rings[1:]]
    xs = [x for x, _ in outer]
    shifts = [0] + ([-360] if max(xs) > 180 else []) + ([360] if min(xs) < -180 else [])
    return [[[[x + s, y] for x, y in ring] for ring in polygon] for s in shifts]


def fix_geometry(geometry):
    polygons = geometry["coordinates"] if geometry["type"] == "MultiPolygon" else [geometry["coordinates"]]
    fixed = [copy for rings in polygons if rings for copy in fix_polygon(rings)]
    return {"type": "MultiPolygon", "coordinates": fixed}


def color(properties):
    ident = str(properties.get("id") or "")
    return int(ident) % 5 if ident.isdigit() else 0


def main(source, target):
    with open(source) as f:
        collection = json.load(f)
    # world-atlas has one feature without area at 1:10m (Vatican): dropped
    collection["features"] = [f for f in collection["features"] if f["geometry"] and f["geometry"]["coordinates"]]
    for feature in collection["features"]:
        feature["geometry"] = fix_geometry(feature["geometry"])
        feature["properties"]["color"] = color(feature["properties"])
    with open(target, "w") as f:
        json.dump(collection, f)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
