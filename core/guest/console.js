// The guest half of core/bridges/console.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  const levels = { log: "", info: "", debug: "", trace: "", dir: "", table: "", warn: "[warn] ", error: "[error] " };
  let open = true;
  function show(v, depth) {
    if (typeof v === "string") return depth ? JSON.stringify(v) : v;
    if (v === undefined) return "undefined";
    if (typeof v === "function") return "[Function " + (v.name || "anonymous") + "]";
    if (typeof v === "bigint") return String(v) + "n";
    if (typeof v === "symbol") return String(v);
    if (v instanceof Error) return v.stack ? v.name + ": " + v.message + "\n" + v.stack : v.name + ": " + v.message;
    if (v === null || typeof v !== "object") return String(v);
    try {
      const [json] = C.encode(v, true);
      return json.length > 4096 ? json.slice(0, 4096) + "…" : json;
    } catch (e) { return String(v); }
  }
  function emitLine(prefix, args) {
    if (!open) return;
    let line = prefix;
    for (let i = 0; i < args.length; i++) line += (i ? " " : "") + show(args[i], 0);
    open = C.callSync("console.line", line);
  }
  const console = {};
  for (const name of Object.keys(levels)) console[name] = (...args) => emitLine(levels[name], args);
  console.assert = (cond, ...args) => { if (!cond) emitLine("[error] Assertion failed: ", args); };
  C.define("console", Object.freeze(console));
