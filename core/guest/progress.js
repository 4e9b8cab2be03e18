// The guest half of core/bridges/progress.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  C.define("progress", function progress(percent, message) {
    if (typeof percent !== "number") throw new TypeError("progress(percent, message?): percent must be a number");
    C.callSync("progress", percent, message === undefined ? null : String(message));
  });
