// The guest half of core/bridges/secrets.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  const read = (verb, name) => C.call("secrets", verb, name);
  const secrets = Object.freeze({
    get(name) { return read("get", name); },
    tryGet(name) { return read("tryGet", name); },
    list() { return read("list"); },
  });
  C.define("getSecret", function getSecret(name) { return read("tryGet", name); });
  C.define("requestSecret", function requestSecret(name, reason) {
    return C.call("secrets.request", name, reason);
  });
  // The nodetool surface (installed before this one) owns the object; this extends it.
  Object.defineProperty(G.nodetool, "secrets", { value: secrets, enumerable: true });
