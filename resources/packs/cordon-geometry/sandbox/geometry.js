// cordon-geometry: an ergonomic API over the pack's host WASM module.
// Points are {x, y} objects. Every function that reaches WASM is async (a WASM
// call crosses to the host); polygonArea and pathLength are plain JS.
import * as wasm from "cordon-geometry/wasm";

function point(p, what) {
  if (p === null || typeof p !== "object" || typeof p.x !== "number" || typeof p.y !== "number") {
    throw new TypeError(`${what} must be a point {x: number, y: number}`);
  }
  return p;
}

/** Distance between two points. */
export async function distance(a, b) {
  point(a, "distance: a"); point(b, "distance: b");
  return wasm.distance(a.x, a.y, b.x, b.y);
}

/** Area of the triangle a-b-c (always >= 0). */
export async function triangleArea(a, b, c) {
  point(a, "triangleArea: a"); point(b, "triangleArea: b"); point(c, "triangleArea: c");
  return wasm.triangleArea(a.x, a.y, b.x, b.y, c.x, c.y);
}

/** True when segments [a, b] and [c, d] share a point (touching counts). */
export async function segmentsIntersect([a, b], [c, d]) {
  for (const [p, n] of [[a, "a"], [b, "b"], [c, "c"], [d, "d"]]) point(p, `segmentsIntersect: ${n}`);
  return (await wasm.segmentsIntersect(a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y)) === 1;
}

/** True when p lies inside the triangle [a, b, c] or on its edges. */
export async function pointInTriangle(p, [a, b, c]) {
  for (const [q, n] of [[p, "p"], [a, "a"], [b, "b"], [c, "c"]]) point(q, `pointInTriangle: ${n}`);
  return (await wasm.pointInTriangle(p.x, p.y, a.x, a.y, b.x, b.y, c.x, c.y)) === 1;
}

/** v limited to [lo, hi]. */
export async function clamp(v, lo, hi) {
  return wasm.clamp(v, lo, hi);
}

/** Greatest common divisor of two int32 integers (a RangeError outside int32: never wrapped). */
export async function gcd(a, b) {
  return wasm.gcd(a, b);
}

/** Area of a simple polygon (shoelace formula, in JS: no WASM calls, no call budget used). */
export function polygonArea(points) {
  if (!Array.isArray(points)) throw new TypeError("polygonArea: points must be an array of {x, y}");
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const p = point(points[i], `polygonArea: points[${i}]`);
    const q = point(points[(i + 1) % points.length], "polygonArea: point");
    twice += p.x * q.y - q.x * p.y;
  }
  return Math.abs(twice) / 2;
}

/** Total length of a path through the points (in JS). */
export function pathLength(points) {
  if (!Array.isArray(points)) throw new TypeError("pathLength: points must be an array of {x, y}");
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const a = point(points[i - 1], "pathLength: point"), b = point(points[i], "pathLength: point");
    total += Math.hypot(b.x - a.x, b.y - a.y);
  }
  return total;
}
