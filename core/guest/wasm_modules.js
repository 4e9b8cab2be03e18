// The guest half of core/packs/wasm/dispatch.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  const hostCall = C.call;
  C.temporary(/*@BINDING@*/, Object.freeze({
    call(key, name, args) {
      const n = args.length >>> 0;
      const wire = new Array(n);
      for (let i = 0; i < n; i++) {
        const a = args[i];
        wire[i] = typeof a === "number" ? (a === 0 && 1 / a < 0 ? "-0" : a)
          : { type: a === null ? "null" : typeof a };
      }
      return hostCall("wasm.call", String(key), String(name), wire).then((v) => (v === null ? undefined : v));
    },
  }));
