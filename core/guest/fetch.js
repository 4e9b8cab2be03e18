// The guest half of core/bridges/fetch.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  const jsonParse = JSON.parse, jsonStringify = JSON.stringify, isArray = Array.isArray;
  const isView = ArrayBuffer.isView, U8 = Uint8Array, defineProperty = Object.defineProperty;
  function headerPairs(h) {
    if (h === undefined || h === null) return [];
    if (typeof h !== "object")
      throw new TypeError("fetch: options.headers must be an object, [name, value] pairs or a Map");
    const out = [];
    if (isArray(h) || h instanceof Map) {
      for (const pair of h) {
        if (!pair || pair.length !== 2) throw new TypeError("fetch: each header must be a [name, value] pair");
        out.push([String(pair[0]), String(pair[1])]);
      }
    } else {
      for (const k of Object.keys(h)) out.push([k, String(h[k])]);
    }
    return out;
  }
  function requestBody(b) {
    if (b === undefined || b === null) return [null, null];
    if (typeof b === "string") return [b, "text"];
    if (b instanceof U8) return [b, "bytes"];
    if (isView(b)) return [new U8(b.buffer, b.byteOffset, b.byteLength), "bytes"];
    if (b instanceof ArrayBuffer) return [new U8(b), "bytes"];
    if (typeof b === "object") return [jsonStringify(b), "json"];
    throw new TypeError("fetch: options.body must be a string, a Uint8Array/ArrayBuffer or a JSON-serialisable object");
  }
  function responseHeaders(pairs) {
    const h = {};
    for (const k of Object.keys(pairs)) h[k] = pairs[k];
    const lookup = (name) => { const v = h[String(name).toLowerCase()]; return typeof v === "string" ? v : null; };
    defineProperty(h, "get", { value: lookup });
    defineProperty(h, "has", { value: (name) => lookup(name) !== null });
    return h;
  }
  C.define("fetch", async function fetch(url, options) {
    const o = options === undefined || options === null ? {} : options;
    if (typeof o !== "object") throw new TypeError("fetch(url, options): options must be an object");
    const [body, bodyType] = requestBody(o.body);
    const r = await C.call("fetch", String(url), {
      method: o.method === undefined ? "GET" : String(o.method),
      headers: headerPairs(o.headers),
      body, bodyType,
      redirect: o.redirect === undefined ? "follow" : String(o.redirect),
    });
    const raw = r.bytes, text = r.text;
    let json;
    if (!r.truncated) { try { json = jsonParse(text); } catch (_) { json = undefined; } }
    return {
      ok: r.ok, status: r.status, statusText: r.statusText, url: r.url, redirected: r.redirected,
      truncated: r.truncated, headers: responseHeaders(r.headers), body: text, json,
      async text() { return text; },
      async bytes() { return raw.slice(); },
      async arrayBuffer() { return raw.slice().buffer; },
    };
  });
