// The guest half of core/bridges/encoding.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const B64IDX = new Int16Array(128).fill(-1);
  for (let i = 0; i < 64; i++) B64IDX[B64.charCodeAt(i)] = i;
  B64IDX[45] = 62; B64IDX[95] = 63;  // accept base64url too
  function bytesOf(data) {
    if (data instanceof Uint8Array) return data;
    if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    if (typeof data === "string") {
      const out = []; // UTF-8 encode
      for (const ch of data) {
        let c = ch.codePointAt(0);
        if (c < 0x80) out.push(c);
        else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
        else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
        else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      }
      return new Uint8Array(out);
    }
    throw new TypeError("expected a Uint8Array, ArrayBuffer or string");
  }
  C.define("toBase64", function toBase64(data) {
    const b = bytesOf(data);
    let s = "";
    let i = 0;
    for (; i + 2 < b.length; i += 3) {
      const n = (b[i] << 16) | (b[i + 1] << 8) | b[i + 2];
      s += B64[n >> 18] + B64[(n >> 12) & 63] + B64[(n >> 6) & 63] + B64[n & 63];
    }
    if (i < b.length) {
      const n = (b[i] << 16) | ((i + 1 < b.length ? b[i + 1] : 0) << 8);
      s += B64[n >> 18] + B64[(n >> 12) & 63] + (i + 1 < b.length ? B64[(n >> 6) & 63] : "=") + "=";
    }
    return s;
  });
  C.define("fromBase64", function fromBase64(text) {
    const s = String(text).replace(/[\s=]+/g, "");
    const out = new Uint8Array(Math.floor(s.length * 3 / 4));
    let bits = 0, acc = 0, j = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      const v = c < 128 ? B64IDX[c] : -1;
      if (v < 0) throw new TypeError("fromBase64: invalid character at " + i);
      acc = (acc << 6) | v; bits += 6;
      if (bits >= 8) { bits -= 8; out[j++] = (acc >> bits) & 255; }
    }
    return out.subarray(0, j);
  });
  const HEX = "0123456789abcdef";
  C.define("toHex", function toHex(data) {
    const b = bytesOf(data);
    let s = "";
    for (let i = 0; i < b.length; i++) s += HEX[b[i] >> 4] + HEX[b[i] & 15];
    return s;
  });
  C.define("fromHex", function fromHex(text) {
    const s = String(text);
    if (s.length % 2 || /[^0-9a-fA-F]/.test(s)) throw new TypeError("fromHex: expected an even-length hex string");
    const out = new Uint8Array(s.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(s.substr(i * 2, 2), 16);
    return out;
  });
