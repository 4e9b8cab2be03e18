"""The `nodetool` object of the reference's Code node, as a host without a toolbelt has it.

On NodeTool's server the object is the platform as objects (`nodetool.workflows`,
`nodetool.assets`, ...), each method wrapping an agent-toolbelt tool. Cordon is
a desktop studio with no toolbelt, which is the reference's own belt-less case:
`nodetool.capabilities()` reports `{}` and every method throws an Error naming
what it needs (rule `nodetool-tool-unavailable`) instead of a ReferenceError or
"cannot read property of undefined", so a body written for the server fails
with a sentence that says why. `nodetool.secrets` (the secrets surface) is real.

Guest-only: no host op. The secrets surface hangs `secrets` on this object, so
it is installed first.
"""

from __future__ import annotations

from core.bridges.base import Surface

GUEST_JS = r"""
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
"""

SURFACE = Surface("nodetool", {}, GUEST_JS, ("nodetool",))
