// The guest half of core/bridges/format.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  function opts(o, what) {
    if (o === undefined || o === null) return {};
    if (typeof o !== "object" || Array.isArray(o))
      throw new TypeError("format." + what + ": options must be an object");
    return o;
  }
  const format = {
    // -0 prints as "-0" and "0 days ago" in Intl, but JSON has no -0: its sign crosses on its own.
    number(value, options) {
      const n = Number(value);
      return C.call("format.number", n, opts(options, "number"), Object.is(n, -0));
    },
    date(value, options) {
      const d = value instanceof Date ? value : new Date(value);
      return C.call("format.date", d, opts(options, "date"));
    },
    relativeTime(value, unit, options) {
      const n = Number(value);
      return C.call("format.relativeTime", n, String(unit), opts(options, "relativeTime"), Object.is(n, -0));
    },
    list(items, options) { return C.call("format.list", Array.from(items, String), opts(options, "list")); },
  };
  C.define("format", Object.freeze(format));
