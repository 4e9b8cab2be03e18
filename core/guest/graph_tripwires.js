// Graph images' tripwires (core/engine/graph_image.py): evaluated first, before any pack, in the
// VM that builds a graph image; removed by `report()` after every job drained. Everything it uses is
// taken before any pack code runs, so a pack cannot blind it.
const G = globalThis;
const { defineProperty, getOwnPropertyDescriptor, getPrototypeOf, isExtensible, hasOwn } = Object;
const { ownKeys, apply } = Reflect;
const MapCtor = Map, SetCtor = Set, ErrorCtor = Error, StringCtor = String;
const mapGet = Map.prototype.get, mapSet = Map.prototype.set, mapHas = Map.prototype.has;
const mapSize = getOwnPropertyDescriptor(Map.prototype, "size").get;
// Scalars only: a pack cannot intercept a closure's variable (an array's element it could, with a
// setter on Array.prototype).
let tainted = 0, first = "";
function taint(why) { if (tainted++ === 0) first = why; }
// The report is thrown as an error made now, before any pack runs: report() then runs no code a pack
// could have planted (see report), so no pack can throw a report of its own making.
const verdict = new ErrorCtor("clean");
verdict.name = "CordonGraphReport";
function own(d, key) { return apply(hasOwn, null, [d, key]) ? d[key] : undefined; }
const wires = [];
function wire(obj, key, label) {
  const original = getOwnPropertyDescriptor(obj, key);
  const get = function () {
    taint(label);
    if (original === undefined) return undefined;
    return apply(hasOwn, null, [original, "get"]) ? apply(original.get, this, []) : own(original, "value");
  };
  const set = function () { taint(label + " (set)"); };
  defineProperty(obj, key, { get, set, configurable: true, enumerable: original !== undefined && original.enumerable });
  wires[wires.length] = [obj, key, original, get, set];
}
const names = /*@NAMES@*/;
for (let i = 0; i < names.length; i++) wire(G, names[i], "global " + names[i]);
wire(G, "__cordon_internal", "__cordon_internal");
wire(Math, "random", "Math.random");
wire(Date, "now", "Date.now");
const promiseKeys = ["then", "catch", "finally", "constructor"];
for (let i = 0; i < promiseKeys.length; i++) {
  wire(Promise.prototype, promiseKeys[i], "Promise.prototype." + promiseKeys[i]);
}
// A promise made at top level can queue a job (resolved with a thenable, or a reaction): jobs of
// the graph would run before the body in an image, after its first synchronous part today.
wire(G, "Promise", "Promise");
if (getOwnPropertyDescriptor(Array, "fromAsync")) wire(Array, "fromAsync", "Array.fromAsync");
if (getOwnPropertyDescriptor(G, "Atomics") && getOwnPropertyDescriptor(Atomics, "waitAsync")) {
  wire(Atomics, "waitAsync", "Atomics.waitAsync");
}
// The image is garbage-collected before its pages are kept: what a weak reference sees would differ.
if (getOwnPropertyDescriptor(G, "FinalizationRegistry")) wire(G, "FinalizationRegistry", "FinalizationRegistry");
if (getOwnPropertyDescriptor(G, "WeakRef")) wire(G, "WeakRef", "WeakRef");
if (getOwnPropertyDescriptor(G, "queueMicrotask")) wire(G, "queueMicrotask", "queueMicrotask");

// The built-ins the seal's code and the entry use: the global object, everything one level under
// it and its prototype, and the intrinsic prototypes no global names.
const hidden = [
  Object.prototype, getPrototypeOf(function () {}), getPrototypeOf(function* () {}),
  getPrototypeOf(async function () {}), getPrototypeOf(async function* () {}), getPrototypeOf(Uint8Array),
  getPrototypeOf([][Symbol.iterator]()),
  getPrototypeOf(getPrototypeOf([][Symbol.iterator]())), getPrototypeOf(new MapCtor().entries()),
  getPrototypeOf(new SetCtor().values()), getPrototypeOf(""[Symbol.iterator]()),
  getPrototypeOf(/x/[Symbol.matchAll]("")),
];
const objects = [G];
const seen = new MapCtor([[G, true]]);
function add(v) {
  if (v !== null && (typeof v === "object" || typeof v === "function") && !apply(mapHas, seen, [v])) {
    apply(mapSet, seen, [v, true]);
    objects[objects.length] = v;
  }
}
for (let i = 0; i < hidden.length; i++) { add(hidden[i]); add(getPrototypeOf(hidden[i])); }
const globalKeys = ownKeys(G);
for (let i = 0; i < globalKeys.length; i++) {
  const d = getOwnPropertyDescriptor(G, globalKeys[i]);
  if (!apply(hasOwn, null, [d, "value"])) continue;
  add(d.value);
  if (typeof d.value === "function") {
    const p = getOwnPropertyDescriptor(d.value, "prototype");
    if (p !== undefined && apply(hasOwn, null, [p, "value"])) add(p.value);
  }
}
function shape(obj) {
  const keys = ownKeys(obj);
  const descs = new MapCtor();
  for (let i = 0; i < keys.length; i++) apply(mapSet, descs, [keys[i], getOwnPropertyDescriptor(obj, keys[i])]);
  return [getPrototypeOf(obj), isExtensible(obj), keys, descs];
}
const before = [];
for (let i = 0; i < objects.length; i++) before[i] = shape(objects[i]);

function same(a, b) {
  const fields = ["get", "set", "writable", "enumerable", "configurable"];
  for (let i = 0; i < fields.length; i++) if (own(a, fields[i]) !== own(b, fields[i])) return false;
  const x = own(a, "value"), y = own(b, "value");
  return x === y || (x !== x && y !== y);
}
function compare() {
  for (let i = 0; i < objects.length; i++) {
    const obj = objects[i], was = before[i], now = shape(obj);
    if (now[0] !== was[0] || now[1] !== was[1]) return taint("changed a built-in's prototype or extensibility");
    const keys = was[2];
    for (let k = 0; k < keys.length; k++) {
      const d = apply(mapGet, was[3], [keys[k]]), e = apply(mapGet, now[3], [keys[k]]);
      if (e === undefined || !same(d, e)) return taint("changed the built-in property " + StringCtor(keys[k]));
    }
    if (obj !== G && apply(mapSize, now[3], []) !== apply(mapSize, was[3], [])) {
      return taint("added a property to a built-in");
    }
  }
}

// Runs no pack code: compare() reads descriptors with functions taken above; when it found nothing,
// Object.prototype is as it was, so restoring a descriptor (which reads its fields through the
// prototype chain) meets no planted getter; when it found something, nothing is restored.
export function report() {
  compare();
  if (tainted) {
    verdict.message = "tainted: " + first;
    throw verdict;
  }
  for (let i = wires.length - 1; i >= 0; i--) {
    const w = wires[i], obj = w[0], key = w[1], original = w[2];
    const d = getOwnPropertyDescriptor(obj, key);
    if (d === undefined || own(d, "get") !== w[3] || own(d, "set") !== w[4]) {
      taint("replaced the tripwire " + StringCtor(key));
    }
    if (original === undefined) delete obj[key];
    else defineProperty(obj, key, original);
  }
  wires.length = 0;
  objects.length = 0;
  before.length = 0;
  if (tainted) verdict.message = "tainted: " + first;
  throw verdict;
}
