// The guest half of core/codenode/contract.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  let handles = null;
  function checked(verb, name) {
    if (handles === null) handles = C.callSync("node.handles");
    if (typeof name !== "string" || !handles.includes(name)) C.callSync("node.refuse", verb, name);
  }
  C.define("emit", async function emit(name, value) {
    checked("emit", name);
    await C.call("node.emit", name, value);
  });
  C.define("output", async function output(name, value) { C.callSync("node.output", name, value); });
  // Temporary: a legacy body's entry takes it before the body starts (core/entry.py); no body sees it as a global.
  C.temporary(/*@LEGACY_YIELD@*/, function legacyYield(value) { C.callSync("node.yield", value); });
