// Cordon guest prelude: evaluated as a script in every fresh context, before
// any module (pack or user) is loaded, so hardening precedes all guest code.
// The host substitutes the SURFACES placeholder below with the run's surfaces, each a
// `(function (C, G) { ... })(C, G);` block that installs globals through C.
(function () {
  "use strict";
  const G = globalThis;
  const hostCall = G.__cordon_call;
  const hostSync = G.__cordon_sync;
  const hostFinish = G.__cordon_finish;
  // The guest's native check-and-stringify for plain data (guest/cordon_guest.c: plain_json).
  const plainJSON = G.__cordon_plain_json;
  delete G.__cordon_call;
  delete G.__cordon_sync;
  delete G.__cordon_finish;
  delete G.__cordon_plain_json;

  // ---- primordials captured before any guest code can patch them ------------
  const { parse: jsonParse, stringify: jsonStringify } = JSON;
  const { defineProperty, getPrototypeOf, keys: objectKeys, freeze, hasOwn } = Object;
  const isView = ArrayBuffer.isView;
  const isArray = Array.isArray;
  const U8 = Uint8Array;
  const DateProto = Date.prototype;
  const ObjectProto = Object.prototype;
  const ArrayProto = Array.prototype;
  const dateToISO = DateProto.toISOString;
  const dateGetTime = DateProto.getTime;
  const PromiseCtor = Promise;
  const ErrorCtor = Error;
  const MapCtor = Map;
  const SetCtor = Set;
  const WeakSetCtor = WeakSet;
  const numberIsFinite = Number.isFinite;
  const arrayPush = Array.prototype.push;
  const reflectApply = Reflect.apply;

  // ---- hardening: no code from strings, through any constructor path --------
  const deny = function () {
    const err = new EvalError("code generation from strings is disabled in the sandbox (rule: no-eval)");
    err.rule = "no-eval";
    throw err;
  };
  const fnProtos = [
    Function.prototype,
    getPrototypeOf(async function () {}),
    getPrototypeOf(function* () {}),
    getPrototypeOf(async function* () {}),
  ];
  for (const proto of fnProtos) {
    defineProperty(proto, "constructor", { value: deny, writable: false, configurable: false, enumerable: false });
  }
  for (const name of ["eval", "Function", "performance", "setTimeout", "setInterval", "setImmediate",
                      "clearTimeout", "clearInterval", "clearImmediate", "Buffer", "process", "env",
                      "Headers", "Request", "Response", "WebAssembly"]) {
    delete G[name];
  }

  // ---- Date setters: a NaN argument makes the date invalid (ECMA-262 MakeDay/MakeTime).
  // QuickJS-ng leaves the time unchanged instead (new Date(0).setUTCFullYear(NaN) stays 0),
  // so libraries that rely on it answer wrongly (date-fns: isValid(parseISO("nope")) === true).
  const dateSetTime = DateProto.setTime;
  for (const name of ["setMilliseconds", "setUTCMilliseconds", "setSeconds", "setUTCSeconds", "setMinutes",
                      "setUTCMinutes", "setHours", "setUTCHours", "setDate", "setUTCDate", "setMonth",
                      "setUTCMonth", "setFullYear", "setUTCFullYear"]) {
    const set = DateProto[name];
    const arity = set.length;
    const fixed = { [name](...args) {
      const n = args.length < arity ? args.length : arity;
      const numbers = [];
      for (let i = 0; i < n; i++) numbers[i] = +args[i];
      const result = reflectApply(set, this, numbers);
      for (let i = 0; i < n; i++) if (numbers[i] !== numbers[i]) return reflectApply(dateSetTime, this, [NaN]);
      return result;
    } }[name];
    defineProperty(fixed, "length", { value: arity });
    defineProperty(DateProto, name, { value: fixed, writable: true, configurable: true, enumerable: false });
  }

  // ---- Math.random: xoshiro128** seeded per run by the host -------------------
  // Every run starts from the same snapshot of this prelude, so the engine's own
  // generator would replay one sequence in every run.
  let r0 = 1, r1 = 2, r2 = 3, r3 = 4;
  const imul = Math.imul;
  const rotl = (x, k) => (x << k) | (x >>> (32 - k));
  function next32() {
    const out = imul(rotl(imul(r1, 5), 7), 9);
    const t = r1 << 9;
    r2 ^= r0; r3 ^= r1; r1 ^= r2; r0 ^= r3; r2 ^= t; r3 = rotl(r3, 11);
    return out >>> 0;
  }
  function seedRandom(bytes) {
    const w = (i) => (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24)) | 0;
    r0 = w(0) || 1; r1 = w(4); r2 = w(8); r3 = w(12);
  }
  defineProperty(Math, "random", {
    value: function random() { return ((next32() >>> 5) * 67108864 + (next32() >>> 6)) / 9007199254740992; },
    writable: true, configurable: true, enumerable: false,
  });

  // ---- the JSON transport (host half: core/transport.py) ---------------------
  const MARK = "$cordon";
  const MAX_DEPTH = 32;
  // Strings longer than this cross whole, beside the JSON, instead of being escaped into it.
  const BIG_STRING = 8192;

  // encode(value, forResult, depthOffset) -> [json, marked, sidecar]. For results,
  // cycles and depth past 32 become readable placeholders instead of failing the run.
  // depthOffset discounts wrapper levels the host adds (finish sends [result, globals]).
  function encode(value, forResult, depthOffset = 0) {
    // Plain objects and arrays (no Date, bytes, BigInt, non-finite number, big string, getter,
    // proxy, toJSON or "$cordon" key; under the depth cap) need no marker: the guest checks and
    // writes them natively, with no replacer call per value.
    if (depthOffset === 0) {
      const plainText = plainJSON(value);
      if (plainText !== undefined) return [plainText, 0, []];
    }
    const sidecar = [];
    let marked = 0;
    // JSON visits depth first, so the holders above a value are a stack: pop until the
    // top is this value's holder, and the stack's height is its depth. (A WeakMap of
    // depths doubled the cost of encoding 5,000 rows.)
    const holders = [];
    const escaped = new WeakSetCtor();
    // Every decision is made on `v`, the value JSON will write: reading `this[key]` again
    // would call a getter a second time, and a getter that answers differently could hand
    // JSON an object this function never saw (a forged marker, a depth count reset).
    // The one exception is a string from `toJSON`: `this[key]` tells whether it was a Date.
    let started = false;
    function replacer(key, v) {
      // Hot path first: JSON calls this for every value, and most are plain primitives.
      const t = typeof v;
      if (t === "boolean" || (t === "number" && numberIsFinite(v))) return v;
      if (t === "string") {
        if (v.length > BIG_STRING) {
          marked = 1;
          reflectApply(arrayPush, sidecar, [v]);
          return { [MARK]: "s", i: sidecar.length - 1 };
        }
        const raw = this[key];
        if (typeof raw !== "object" || raw === null || !(raw instanceof Date)) return v;
        marked = 1;
        const time = reflectApply(dateGetTime, raw, []);
        return { [MARK]: "d", v: time === time ? reflectApply(dateToISO, raw, []) : null };
      }
      if (v === undefined) {
        if (isArray(this)) { marked = 1; return { [MARK]: "u" }; }
        return undefined;
      }
      if (t === "number") {
        marked = 1;
        return { [MARK]: "n", v: v !== v ? "NaN" : v > 0 ? "Infinity" : "-Infinity" };
      }
      if (t === "bigint") { marked = 1; return { [MARK]: "i", v: String(v) }; }
      if (t !== "object" || v === null) return v;
      let out = v;
      const proto = getPrototypeOf(v);
      if (proto !== ObjectProto && proto !== ArrayProto && proto !== null) {
        if (isView(v) || v instanceof ArrayBuffer) {
          marked = 1;
          const bytes = v instanceof ArrayBuffer ? new U8(v) : new U8(v.buffer, v.byteOffset, v.byteLength);
          reflectApply(arrayPush, sidecar, [bytes]);
          return { [MARK]: "b", i: sidecar.length - 1 };
        }
        if (v instanceof Date) {
          marked = 1;
          const time = reflectApply(dateGetTime, v, []);
          return { [MARK]: "d", v: time === time ? reflectApply(dateToISO, v, []) : null };
        }
        if (v instanceof MapCtor) out = Object.fromEntries(v);
        else if (v instanceof SetCtor) out = Array.from(v);
      }
      // Every object this returns is pushed below, so a holder missing from the stack after
      // the first call means JSON is inside something this function did not return: fail closed.
      let depth = holders.length;
      while (depth && holders[depth - 1] !== this) depth--;
      holders.length = depth;
      if (depth === 0 && started) depth = MAX_DEPTH;
      started = true;
      if (depth + depthOffset >= MAX_DEPTH) {
        if (forResult) return "[MaxDepth]";
        const err = new TypeError("value is nested deeper than " + MAX_DEPTH + " levels (rule: transport-depth)");
        err.rule = "transport-depth";
        throw err;
      }
      if (out === null || typeof out !== "object") return out;
      if (!isArray(out) && hasOwn(out, MARK) && !escaped.has(v)) {
        marked = 1;
        const inner = { ...out };
        escaped.add(inner);
        out = { [MARK]: "o", v: inner };
      }
      reflectApply(arrayPush, holders, [out]);
      return out;
    }
    let json;
    try {
      json = jsonStringify(value, replacer);
    } catch (e) {
      if (!forResult || !(e instanceof TypeError) || !/circular|cyclic/i.test(String(e.message))) throw e;
      sidecar.length = 0;
      holders.length = 0;
      marked = 0;
      started = false;
      json = jsonStringify(decycle(value), replacer);
    }
    return [json === undefined ? "null" : json, marked, sidecar];
  }

  // Replace back-references with "[Circular]" (results only; inputs refuse cycles).
  function decycle(value) {
    const stack = new SetCtor();
    function walk(v) {
      if (v === null || typeof v !== "object" || isView(v) || v instanceof Date || v instanceof ArrayBuffer) return v;
      if (stack.has(v)) return "[Circular]";
      stack.add(v);
      let out;
      if (isArray(v)) out = v.map(walk);
      else {
        const src = v instanceof MapCtor ? Object.fromEntries(v) : v instanceof SetCtor ? Array.from(v) : v;
        if (isArray(src)) out = src.map(walk);
        else { out = {}; for (const k of objectKeys(src)) out[k] = walk(src[k]); }
      }
      stack.delete(v);
      return out;
    }
    return walk(value);
  }

  function revive(v, sidecar) {
    if (v === null || typeof v !== "object") return v;
    if (isArray(v)) { for (let i = 0; i < v.length; i++) v[i] = revive(v[i], sidecar); return v; }
    const tag = v[MARK];
    if (tag === undefined) { for (const k of objectKeys(v)) v[k] = revive(v[k], sidecar); return v; }
    switch (tag) {
      case "b": return sidecar[v.i];
      case "s": return sidecar[v.i];
      case "d": return new Date(v.v === null ? NaN : v.v);
      case "n": return Number(v.v);
      case "u": return undefined;
      case "i": return BigInt(v.v);
      case "o": { const o = v.v; for (const k of objectKeys(o)) o[k] = revive(o[k], sidecar); return o; }
    }
    throw new TypeError("unknown transport marker " + tag);
  }

  function decode(json, marked, sidecar) {
    const tree = jsonParse(json);
    return marked ? revive(tree, sidecar) : tree;
  }

  // ---- bridge calls (the format: wire.md beside this file; the host half: core/engine/wire.py)
  // Each guest<->host message costs a crossing and the host's Python per argument, so a call
  // is ONE string "<op>\x01<marked><json>" (+ byte buffers and big
  // strings as further arguments), and a reply is ONE string "<ok><marked><json>"; a reply
  // with sidecar items says how many, and the guest takes each with "$side".
  // Most bridge calls pass only strings, finite numbers, booleans and null: those need no
  // markers, so they skip the replacer walk (the guest's share of a crossing).
  const NO_SIDECAR = freeze([]);
  function plain(args) {
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      const t = typeof a;
      const simple = (t === "string" && a.length <= BIG_STRING) || t === "boolean" || a === null
        || (t === "number" && numberIsFinite(a));
      if (!simple) return false;
    }
    return true;
  }

  function request(op, args) {
    if (plain(args)) return [op + "\x010" + jsonStringify(args), NO_SIDECAR];
    const [json, marked, sidecar] = encode(args, false);
    return [op + "\x01" + marked + json, sidecar];
  }

  // `site` is an Error made where the guest called: an async refusal then reports the
  // caller's line, not the line in this prelude where the reply arrived.
  function settle(reply, site) {
    let text = reply, sidecar = NO_SIDECAR;
    if (text[2] === "#") {  // "<ok><marked>#<reply>:<count>#<json>": take the sidecar items
      const end = text.indexOf("#", 3);
      const [id, count] = text.slice(3, end).split(":");
      sidecar = [];
      for (let i = 0; i < +count; i++) reflectApply(arrayPush, sidecar, [hostSync("$side\x01" + id)]);
      text = text.slice(0, 2) + text.slice(end + 1);
    }
    const value = decode(text.slice(2), text[1] === "1", sidecar);
    if (text[0] === "1") return value;
    const err = new ErrorCtor(value.message);
    err.name = value.name || "Error";
    if (value.rule) err.rule = value.rule;
    if (site !== undefined) err.stack = site.stack;
    throw err;
  }

  // Names of bindings that live only while modules load (see C.temporary).
  const temporaries = [];

  const C = freeze({
    // Start the host work now (Promise.all runs bridges concurrently); never rejects
    // on the host side: failures arrive as tagged replies, re-thrown here as Errors.
    call(op, ...args) {
      const [head, sidecar] = request(op, args);
      const site = new ErrorCtor();
      return (sidecar.length ? hostCall(head, ...sidecar) : hostCall(head)).then((reply) => settle(reply, site));
    },
    callSync(op, ...args) {
      const [head, sidecar] = request(op, args);
      return settle(sidecar.length ? hostSync(head, ...sidecar) : hostSync(head));
    },
    encode,
    decode,
    define(name, value) {
      defineProperty(G, name, { value, writable: true, configurable: true, enumerable: false });
    },
    // A global that exists only while modules load (a pack facade's bridge):
    // begin() deletes it before the body starts (indexed access, so a patched
    // Array.prototype cannot hide it from begin()). Hiding is not the boundary:
    // whatever it reaches must check its callers on the host.
    temporary(name, value) {
      defineProperty(G, name, { value, writable: false, configurable: true, enumerable: false });
      temporaries[temporaries.length] = name;
    },
    Promise: PromiseCtor,
  });

  // Bundles written for Node or browsers look for the global object as `global` or `self`.
  defineProperty(G, "global", { value: G, writable: true, configurable: true, enumerable: false });
  defineProperty(G, "self", { value: G, writable: true, configurable: true, enumerable: false });

  /*@SURFACES@*/


  // The legacy Code node contract returns what JSON makes of the value, as the reference
  // deep-copies it through JSON: a Date becomes its ISO string, a Map or Set {}, a non-finite
  // number null, undefined and functions drop out. Typed arrays stay bytes (the reference's
  // serializer keeps them); cycles and depth past the transport's cap keep its placeholders.
  function jsonCopy(v, depth, above = []) {
    if (v === null || typeof v !== "object") {
      if (typeof v === "number") return numberIsFinite(v) ? v : null;
      return typeof v === "function" || typeof v === "symbol" ? undefined : v;
    }
    if (depth > MAX_DEPTH || isView(v)) return v;
    for (let i = 0; i < above.length; i++) if (above[i] === v) return "[Circular]";
    if (typeof v.toJSON === "function") return jsonCopy(v.toJSON(), depth + 1, above);
    above[above.length] = v;
    let out;
    if (isArray(v)) {
      out = [];
      for (let i = 0; i < v.length; i++) {
        const c = jsonCopy(v[i], depth + 1, above);
        out[i] = c === undefined ? null : c;
      }
    } else {
      out = {};
      for (const key of objectKeys(v)) {
        const c = jsonCopy(v[key], depth + 1, above);
        if (c !== undefined) out[key] = c;
      }
    }
    above.length -= 1;
    return out;
  }

  // The entry module's private companion ("cordon:internal") takes these and
  // deletes the global before any pack or user module evaluates.
  let finished = false;
  defineProperty(G, "__cordon_internal", {
    configurable: true,
    value: freeze({
      // Called by the first module to evaluate: from here on the loader refuses every
      // request (a dynamic import), the caller's globals (inputs, state, ...) arrive
      // as one JSON string, and Math.random gets this run's own seed.
      seal() {
        const init = settle(hostSync("$seal"));
        seedRandom(init.seed);
        for (const name of objectKeys(init.globals)) C.define(name, init.globals[name]);
      },
      begin() { for (let i = 0; i < temporaries.length; i++) delete G[temporaries[i]]; },
      finish(result, globalNames, legacy) {
        if (finished) throw new ErrorCtor("the run already finished");
        finished = true;
        if (legacy) result = jsonCopy(result, 0);
        const globalsOut = {};
        for (const name of globalNames) {
          const v = G[name];
          if (v !== null && typeof v === "object") globalsOut[name] = v;
        }
        // Result and synced globals travel apart: maxOutputSize bounds the result only.
        const [rjson, rmarked, rside] = encode(result, true);
        const [gjson, gmarked, gside] = encode(globalsOut, true);
        hostFinish(rmarked + rjson, gmarked + gjson, rside.length, ...rside, ...gside);
      },
    }),
  });
})();
