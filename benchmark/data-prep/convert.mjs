// Converts the Natural Earth countries and land of the npm package world-atlas (TopoJSON, longitude and
// latitude) into the benchmark's compact map resources, one per scale: ne-110m.bin.gz, ne-50m.bin.gz,
// ne-10m.bin.gz.
//
// Usage: node convert.mjs <world-atlas package folder> <output folder>
//
// What it does to the geometry:
// - decodes the TopoJSON arcs (quantized, delta-encoded) into rings of longitude and latitude;
// - makes each ring's longitudes continuous where it crosses the antimeridian, closes rings that go
//   around a pole through that pole, and adds copies shifted by 360 degrees for the parts beyond +-180;
// - clips every ring to the web-mercator world, longitude -180..180, latitude -85.0511..85.0511;
// - drops rings that clipping leaves without area;
// - picks a label point per country: the area centroid of its largest ring, in mercator.
//
// Output format (big-endian, gzip-compressed):
//   int magic 0x4E454D31 ("NEM1"); int layer count;
//   per layer: UTF name ("land", "countries"); int feature count;
//     per feature: UTF name; int label x; int label y; int ring count;
//       per ring: int point count; then per point the zigzag varint deltas of x and y.
// Coordinates are integers in units of 1e-5 degree.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const MAX_LAT = 85.0511287798066;
const UNITS_PER_DEGREE = 1e5;
const MAGIC = 0x4e454d31;

const [packageDir, outputDir] = process.argv.slice(2);
if (!packageDir || !outputDir) {
  console.error('Usage: node convert.mjs <world-atlas package folder> <output folder>');
  process.exit(2);
}

function decodeArcs(topology) {
  const [sx, sy] = topology.transform.scale;
  const [tx, ty] = topology.transform.translate;
  return topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      x += dx;
      y += dy;
      return [x * sx + tx, y * sy + ty];
    });
  });
}

function ringOf(arcs, indices) {
  const ring = [];
  for (const index of indices) {
    const arc = index >= 0 ? arcs[index] : arcs[~index].slice().reverse();
    // consecutive arcs share their end points
    ring.push(...(ring.length ? arc.slice(1) : arc));
  }
  return ring;
}

function polygonsOf(arcs, geometry) {
  if (geometry.type === 'Polygon') return [geometry.arcs.map((r) => ringOf(arcs, r))];
  if (geometry.type === 'MultiPolygon') return geometry.arcs.map((p) => p.map((r) => ringOf(arcs, r)));
  return [];
}

// Longitudes made continuous; a ring around a pole is closed through that pole.
function unwrap(ring) {
  const out = [ring[0].slice()];
  let shift = 0;
  for (let i = 1; i < ring.length; i++) {
    const step = ring[i][0] - ring[i - 1][0];
    if (step > 180) shift -= 360;
    else if (step < -180) shift += 360;
    out.push([ring[i][0] + shift, ring[i][1]]);
  }
  if (shift !== 0) {
    const meanLat = ring.reduce((sum, p) => sum + p[1], 0) / ring.length;
    const poleLat = meanLat < 0 ? -90 : 90;
    const last = out[out.length - 1];
    out.push([last[0], poleLat], [out[0][0], poleLat], out[0].slice());
  }
  return out;
}

// The ring and its copies shifted by 360 degrees that reach into -180..180.
function wrappedCopies(ring) {
  const lons = ring.map((p) => p[0]);
  const min = Math.min(...lons);
  const max = Math.max(...lons);
  const copies = [];
  for (let offset = -720; offset <= 720; offset += 360) {
    if (max + offset > -180 && min + offset < 180) copies.push(ring.map(([x, y]) => [x + offset, y]));
  }
  return copies;
}

// Sutherland-Hodgman against one half-plane: inside(p) and where a segment crosses the edge.
function clipEdge(ring, inside, cross) {
  const out = [];
  for (let i = 0; i < ring.length; i++) {
    const current = ring[i];
    const previous = ring[(i + ring.length - 1) % ring.length];
    if (inside(current)) {
      if (!inside(previous)) out.push(cross(previous, current));
      out.push(current);
    } else if (inside(previous)) {
      out.push(cross(previous, current));
    }
  }
  return out;
}

const atLon = (lon) => (a, b) => [lon, a[1] + ((b[1] - a[1]) * (lon - a[0])) / (b[0] - a[0])];
const atLat = (lat) => (a, b) => [a[0] + ((b[0] - a[0]) * (lat - a[1])) / (b[1] - a[1]), lat];

function clipToWorld(ring) {
  let r = ring.slice(0, -1); // open ring
  r = clipEdge(r, (p) => p[0] >= -180, atLon(-180));
  r = clipEdge(r, (p) => p[0] <= 180, atLon(180));
  r = clipEdge(r, (p) => p[1] >= -MAX_LAT, atLat(-MAX_LAT));
  r = clipEdge(r, (p) => p[1] <= MAX_LAT, atLat(MAX_LAT));
  return r;
}

const mercatorY = (lat) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

function mercatorAreaAndCentroid(ring) {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x0, lat0] = ring[i];
    const [x1, lat1] = ring[(i + 1) % ring.length];
    const y0 = mercatorY(lat0);
    const y1 = mercatorY(lat1);
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  area /= 2;
  if (area === 0) return { area: 0, lon: ring[0][0], lat: ring[0][1] };
  const lon = cx / (6 * area);
  const y = cy / (6 * area);
  const lat = (Math.atan(Math.sinh(y)) * 180) / Math.PI;
  return { area: Math.abs(area), lon, lat };
}

function quantize(ring) {
  const out = [];
  for (const [lon, lat] of ring) {
    const q = [Math.round(lon * UNITS_PER_DEGREE), Math.round(lat * UNITS_PER_DEGREE)];
    const last = out[out.length - 1];
    if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
  }
  return out;
}

const degrees = (ring) => ring.map(([x, y]) => [x / UNITS_PER_DEGREE, y / UNITS_PER_DEGREE]);

function featureOf(arcs, geometry, name) {
  const rings = [];
  for (const polygon of polygonsOf(arcs, geometry)) {
    for (const ring of polygon) {
      for (const copy of wrappedCopies(unwrap(ring))) {
        const clipped = quantize(clipToWorld(copy));
        if (clipped.length >= 3 && mercatorAreaAndCentroid(degrees(clipped)).area > 0) rings.push(clipped);
      }
    }
  }
  const largest = rings
    .map((r) => mercatorAreaAndCentroid(degrees(r)))
    .reduce((best, c) => (c.area > best.area ? c : best), { area: -1, lon: 0, lat: 0 });
  return {
    name,
    label: [Math.round(largest.lon * UNITS_PER_DEGREE), Math.round(largest.lat * UNITS_PER_DEGREE)],
    rings,
  };
}

class Writer {
  constructor() {
    this.chunks = [];
  }
  int(v) {
    const b = Buffer.alloc(4);
    b.writeInt32BE(v);
    this.chunks.push(b);
  }
  utf(s) {
    const bytes = Buffer.from(s, 'utf8');
    const b = Buffer.alloc(2);
    b.writeUInt16BE(bytes.length);
    this.chunks.push(b, bytes);
  }
  varint(v) {
    let z = v >= 0 ? v * 2 : -v * 2 - 1; // zigzag
    const bytes = [];
    while (z >= 0x80) {
      bytes.push((z % 0x80) | 0x80);
      z = Math.floor(z / 0x80);
    }
    bytes.push(z);
    this.chunks.push(Buffer.from(bytes));
  }
  bytes() {
    return Buffer.concat(this.chunks);
  }
}

function writeLayer(out, name, features) {
  out.utf(name);
  out.int(features.length);
  for (const feature of features) {
    out.utf(feature.name);
    out.int(feature.label[0]);
    out.int(feature.label[1]);
    out.int(feature.rings.length);
    for (const ring of feature.rings) {
      out.int(ring.length);
      let x = 0;
      let y = 0;
      for (const [px, py] of ring) {
        out.varint(px - x);
        out.varint(py - y);
        x = px;
        y = py;
      }
    }
  }
}

fs.mkdirSync(outputDir, { recursive: true });
for (const scale of ['110m', '50m', '10m']) {
  const topology = JSON.parse(fs.readFileSync(path.join(packageDir, `countries-${scale}.json`), 'utf8'));
  const arcs = decodeArcs(topology);
  const land = topology.objects.land.geometries.map((g) => featureOf(arcs, g, ''));
  const countries = topology.objects.countries.geometries
    .map((g) => featureOf(arcs, g, g.properties?.name ?? ''))
    .filter((f) => f.rings.length > 0);
  const out = new Writer();
  out.int(MAGIC);
  out.int(2);
  writeLayer(out, 'land', land);
  writeLayer(out, 'countries', countries);
  const file = path.join(outputDir, `ne-${scale}.bin.gz`);
  fs.writeFileSync(file, zlib.gzipSync(out.bytes(), { level: 9 }));
  const points = [...land, ...countries].reduce((n, f) => n + f.rings.reduce((m, r) => m + r.length, 0), 0);
  console.log(`${file}: ${countries.length} countries, ${points} points, ${fs.statSync(file).size} bytes`);
}
