// Cordon npm bundle runtime: a registry of module functions, each run once on first use.
// __cordon$modules[id] = [isEsm, requireMap, body, file]. A CommonJS body gets a `require`
// that knows only the specifiers the compiler resolved for that file; an ES module body gets
// its exports object and reads other modules through __cordon$import (live namespaces).
//
// The sandbox deletes the global `Function` (no code from strings), yet libraries read
// `Function.prototype` at load time (lodash's toSource, instanceof checks). Inside the bundle
// `Function` is a stand-in whose prototype is the real one and whose call is the same refusal the
// constructor path gives: nothing can be compiled from a string through it.
function __cordon$noEval() {
  const err = new EvalError("code generation from strings is disabled in the sandbox (rule: no-eval)");
  err.rule = "no-eval";
  throw err;
}
const Function = function Function() {
  __cordon$noEval();
};
Object.defineProperty(Function, "prototype", { value: Object.getPrototypeOf(function () {}), writable: false });
// The sandbox has no `eval` either, yet a library may read it as a value at load (get-intrinsic, under
// util and assert, lists it in its table of intrinsics): a free `eval` becomes this stand-in (a define,
// see transform.DEFINES), which refuses on call as the Function stand-in does.
const __cordon$eval = function () {
  __cordon$noEval();
};
Object.defineProperty(__cordon$eval, "name", { value: "eval" });
// `global` and `self` inside the bundle are a view of the global object whose `Function` is that
// stand-in, because some libraries take their builtins from the global object they find rather
// than from scope (lodash's runInContext reads `context.Function.prototype` at load). Every other
// read, and every write and delete, goes to the real global object; the view is its own `global`
// and `self`, so `self.self === self` style detection still finds it.
const __cordon$global = new Proxy(globalThis, {
  get(target, key) {
    if (key === "Function") return Function;
    if (key === "global" || key === "self") return __cordon$global;
    return Reflect.get(target, key);
  },
  has(target, key) {
    return key === "Function" || Reflect.has(target, key);
  },
});
const global = __cordon$global;
const self = __cordon$global;
const __cordon$cache = [];
const __cordon$namespaces = [];
const __cordon$hasOwn = Object.prototype.hasOwnProperty;
function __cordon$moduleObject() {
  const ns = Object.create(null);
  Object.defineProperty(ns, "__esModule", { value: true });
  Object.defineProperty(ns, Symbol.toStringTag, { value: "Module" });
  return ns;
}
function __cordon$export(target, getters) {
  for (const name of Object.keys(getters)) {
    Object.defineProperty(target, name, { get: getters[name], enumerable: true });
  }
}
function __cordon$star(target, source) {
  for (const name of Object.keys(source)) {
    if (name !== "default" && !__cordon$hasOwn.call(target, name)) {
      Object.defineProperty(target, name, { get: () => source[name], enumerable: true });
    }
  }
}
function __cordon$load(id) {
  const cached = __cordon$cache[id];
  if (cached !== undefined) return cached.exports;
  const [esm, requires, body, file] = __cordon$modules[id];
  const module = { exports: esm ? __cordon$moduleObject() : {}, id: file };
  __cordon$cache[id] = module;
  try {
    return __cordon$run(module, esm, requires, body, file);
  } catch (error) {
    // As Node does for require(): a module whose body threw is not cached, so loading it again
    // throws again (a builtin's stub must fail on every call, not hand back an empty object).
    __cordon$cache[id] = undefined;
    throw error;
  }
}
function __cordon$run(module, esm, requires, body, file) {
  if (esm) {
    body.call(undefined, module.exports);
    return module.exports;
  }
  const require = function require(specifier) {
    if (typeof specifier === "string" && __cordon$hasOwn.call(requires, specifier)) {
      return __cordon$load(requires[specifier]);
    }
    throw new Error("require('" + String(specifier) + "') is not part of this bundle: only modules the " +
                    "compiler resolved can be loaded in the sandbox");
  };
  const dir = file.slice(0, file.lastIndexOf("/"));
  body.call(module.exports, module, module.exports, require, "/" + file, "/" + dir);
  return module.exports;
}
function __cordon$import(id) {
  const exports = __cordon$load(id);
  if (__cordon$modules[id][0]) return exports;
  let ns = __cordon$namespaces[id];
  if (ns !== undefined) return ns;
  const object = exports !== null && (typeof exports === "object" || typeof exports === "function");
  if (object && exports.__esModule) {
    ns = exports;
  } else {
    ns = __cordon$moduleObject();
    if (object) {
      for (const name of Object.keys(exports)) {
        if (name !== "default") Object.defineProperty(ns, name, { get: () => exports[name], enumerable: true });
      }
    }
    Object.defineProperty(ns, "default", { value: exports, enumerable: true });
  }
  __cordon$namespaces[id] = ns;
  return ns;
}
