// The guest half of core/bridges/crypto.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  function bytesArg(data, what) {
    if (typeof data === "string") return data;
    if (data instanceof Uint8Array) return data;
    if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    throw new TypeError("crypto." + what + ": data must be a string, TypedArray or ArrayBuffer");
  }
  const crypto = {
    getRandomValues(view) {
      // The reference's two forms: a length gives a new Uint8Array; a TypedArray is filled in place.
      // Either way at most maxRandomBytes (64 KB) per call: the host clamps, as the reference does.
      if (typeof view === "number") {
        if (!(view >= 0) || view === Infinity)
          throw new TypeError("crypto.getRandomValues: a length must be a finite, non-negative number");
        return C.callSync("crypto.random", Math.floor(view));
      }
      const floaty = view instanceof Float32Array || view instanceof Float64Array || view instanceof DataView;
      if (!ArrayBuffer.isView(view) || floaty)
        throw new TypeError("crypto.getRandomValues: expected an integer TypedArray or a length");
      const bytes = C.callSync("crypto.random", view.byteLength);
      new Uint8Array(view.buffer, view.byteOffset, bytes.length).set(bytes);
      return view;
    },
    randomUUID() {
      const b = crypto.getRandomValues(new Uint8Array(16));
      b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
      const h = toHex(b);
      return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
    },
    digest(algorithm, data) { return C.call("crypto.digest", String(algorithm), bytesArg(data, "digest")); },
    hmac(algorithm, key, data) {
      return C.call("crypto.hmac", String(algorithm), bytesArg(key, "hmac"), bytesArg(data, "hmac"));
    },
  };
  C.define("crypto", Object.freeze(crypto));
