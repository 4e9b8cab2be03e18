// The guest half of core/bridges/nodetool.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  const ProxyCtor = Proxy;
  const hasOwn = Object.prototype.hasOwnProperty;
  const unavailable = (path) => function () {
    const err = new Error(path + "() is not available: it needs NodeTool's agent toolbelt, which this host " +
      "(Cordon) does not have; nodetool.capabilities() lists what is (rule: nodetool-tool-unavailable)");
    err.rule = "nodetool-tool-unavailable";
    throw err;
  };
  // Names a caller probes without meaning a tool: never answer them with a thrower
  // (`await nodetool.x` would call `then`, JSON.stringify would call `toJSON`).
  const notTools = { then: 1, toJSON: 1, constructor: 1, valueOf: 1, toString: 1 };
  const isTool = (key) => typeof key === "string" && !hasOwn.call(notTools, key);
  const namespaces = {};
  const namespace = (name) => {
    if (!hasOwn.call(namespaces, name)) {
      const methods = {};
      namespaces[name] = new ProxyCtor(unavailable("nodetool." + name), {
        get(target, key) {
          if (!isTool(key)) return undefined;
          if (!hasOwn.call(methods, key)) methods[key] = unavailable("nodetool." + name + "." + key);
          return methods[key];
        },
      });
    }
    return namespaces[name];
  };
  const target = { capabilities() { return {}; } };
  C.define("nodetool", new ProxyCtor(target, {
    get(t, key) {
      if (hasOwn.call(t, key) || !isTool(key)) return t[key];
      return namespace(key);
    },
  }));
