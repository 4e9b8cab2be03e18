// The guest half of core/bridges/web.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  const U8 = Uint8Array, FAIL = {};
  const { escape, unescape, btoa, atob, encodeURIComponent: enc, decodeURIComponent: dec } = G;
  const fail = () => { throw FAIL; };
  const usv = (x) => String(x).toWellFormed();
  // String.replace() costs several times a test() in this engine: most inputs need no change
  const sub = (s, re, to) => re.test(s) ? s.replace(re, to) : s;
  const clean = (x) => sub(usv(x), /[\t\n\r]/g, "");

  // ---- UTF-8 on the engine's native coders (a JS loop per byte is ~10x slower in this guest);
  //      bytes travel as binary strings, one char per byte
  const toBin = (s) => unescape(enc(s));  // s must be well-formed
  const toBytes = (bin) => U8.fromBase64(btoa(bin));
  // valid characters, then a maximal invalid subpart or any other byte
  const FIX = RegExp("((?:[\\0-\\x7f]|[\\xc2-\\xdf][\\x80-\\xbf]|\\xe0[\\xa0-\\xbf][\\x80-\\xbf]|"
    + "[\\xe1-\\xec\\xee\\xef][\\x80-\\xbf]{2}|\\xed[\\x80-\\x9f][\\x80-\\xbf]|\\xf0[\\x90-\\xbf][\\x80-\\xbf]{2}|"
    + "[\\xf1-\\xf3][\\x80-\\xbf]{3}|\\xf4[\\x80-\\x8f][\\x80-\\xbf]{2})*)"
    + "(?:\\xe0[\\xa0-\\xbf]|\\xed[\\x80-\\x9f]|[\\xe1-\\xec\\xee\\xef][\\x80-\\xbf]|"
    + "(?:\\xf0[\\x90-\\xbf]|[\\xf1-\\xf3][\\x80-\\xbf]|\\xf4[\\x80-\\x8f])[\\x80-\\xbf]?|[^])", "g");
  function fromBin(b, fatal) {  // invalid bytes: U+FFFD per maximal subpart, as the Encoding standard says
    if (!/[^\0-\x7f]/.test(b)) return b;
    try { return dec(escape(b)); } catch {}
    if (fatal) throw new TypeError("TextDecoder: the encoded data is not valid utf-8");
    let out = "";
    for (let i = 0, j; i < b.length; i = j) {  // in slices: replace() holds every match of its input
      for (j = i + 16384; j < i + 16387 && (b.charCodeAt(j) & 0xc0) === 0x80; j++);
      // a sentinel invalid byte ends each slice, so the matches tile it; its U+FFFD is cut off again
      out += dec(escape((b.slice(i, j) + "\xff").replace(FIX, "$1\xef\xbf\xbd").slice(0, -3)));
    }
    return out;
  }

  class TextEncoder {
    get encoding() { return "utf-8"; }
    encode(s = "") { return toBytes(toBin(usv(s))); }
    encodeInto(s, dest) {
      if (!(dest instanceof U8)) throw new TypeError("TextEncoder.encodeInto: the destination must be a Uint8Array");
      let b = toBin(usv(s)), n = dest.length;
      if (b.length > n) {  // stop before the first character that does not fit whole
        while ((b.charCodeAt(n) & 0xc0) === 0x80) n--;
        b = b.slice(0, n);
      }
      dest.set(toBytes(b));
      return { read: dec(escape(b)).length, written: b.length };
    }
  }
  const LABELS = ["utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"];
  class TextDecoder {
    #fatal; #keepBOM; #held = ""; #started = false;
    constructor(label = "utf-8", options) {
      if (!LABELS.includes(String(label).trim().toLowerCase()))
        throw new RangeError(`TextDecoder: encoding "${label}" is not supported (only utf-8)`);
      this.#fatal = !!options?.fatal;
      this.#keepBOM = !!options?.ignoreBOM;
    }
    get encoding() { return "utf-8"; }
    get fatal() { return this.#fatal; }
    get ignoreBOM() { return this.#keepBOM; }
    decode(input, options) {
      let b = this.#held, s;
      if (ArrayBuffer.isView(input)) input = new U8(input.buffer, input.byteOffset, input.byteLength);
      else if (input instanceof ArrayBuffer) input = new U8(input);
      else if (input !== undefined) throw new TypeError("TextDecoder.decode: expected an ArrayBuffer or a typed array");
      if (input) b += atob(input.toBase64());
      this.#held = "";
      if (options?.stream) {  // hold back an incomplete trailing sequence for the next call
        const m = /(?:[\xc2-\xdf]|[\xe0-\xef][\x80-\xbf]?|[\xf0-\xf4][\x80-\xbf]{0,2})$/.exec(b.slice(-3));
        if (m) { this.#held = m[0]; b = b.slice(0, b.length - m[0].length); }
      }
      s = fromBin(b, this.#fatal);
      if (!this.#started && s) {
        this.#started = true;
        if (!this.#keepBOM && s[0] === "\ufeff") s = s.slice(1);
      }
      if (!options?.stream) this.#started = false;
      return s;
    }
  }

  // ---- percent-encoding (the URL standard's sets) and application/x-www-form-urlencoded
  const pe = (c) => c < "\x80" ? "%" + (c < "\x10" ? "0" : "") + c.charCodeAt(0).toString(16).toUpperCase() : enc(c);
  const pct = (s, set) => sub(s, set, pe);
  const C0 = /[\ud800-\udbff][\udc00-\udfff]|[\0-\x1f\x7f-\uffff]/g;
  const FRAG = /[\ud800-\udbff][\udc00-\udfff]|[\0- "<>`\x7f-\uffff]/g;
  const QUERY = /[\ud800-\udbff][\udc00-\udfff]|[\0- "#<>\x7f-\uffff]/g;
  const SQUERY = /[\ud800-\udbff][\udc00-\udfff]|[\0- "#'<>\x7f-\uffff]/g;
  const PATH = /[\ud800-\udbff][\udc00-\udfff]|[\0- "#<>?`{}\x7f-\uffff]/g;
  const USER = /[\ud800-\udbff][\udc00-\udfff]|[\0- "#<>?`{}/:;=@[\\\]^|\x7f-\uffff]/g;
  const unpct = (s) => sub(s, /(?:%[\da-f]{2})+/gi, (m) => fromBin(unescape(m)));
  const formParse = (s) => s.split("&").filter(Boolean).map((p) => {
    const i = p.indexOf("=");
    return (i < 0 ? [p, ""] : [p.slice(0, i), p.slice(i + 1)]).map((x) => unpct(sub(x, /\+/g, " ")));
  });
  const formEnc = (s) => sub(enc(s), /[!'()~]|%20/g, (c) => c === "%20" ? "+" : pe(c));

  // ---- hosts: domains (percent-decoded, NFKC, lower-cased, punycode), IPv4 as written, [IPv6] canonical, opaque
  function ipv6(s) {
    const halves = s.split("::"), a = halves[0] ? halves[0].split(":") : [];
    const b = halves[1] ? halves[1].split(":") : halves.length > 1 ? [] : null, tail = b || a;
    if (halves.length > 2) fail();
    if (tail.at(-1)?.includes(".")) {  // an embedded IPv4 address ends the address
      const q = tail.pop().split(".");
      if (q.length !== 4 || q.some((x) => !/^(0|[1-9]\d?\d?)$/.test(x) || x > 255)) fail();
      tail.push((q[0] * 256 + +q[1]).toString(16), (q[2] * 256 + +q[3]).toString(16));
    }
    if (b ? a.length + b.length > 7 : a.length !== 8) fail();
    const str = ":" + [...a, ...Array(b ? 8 - a.length - b.length : 0).fill(0), ...b || []]
      .map((g) => /^[\da-f]{1,4}$/i.test(g) ? parseInt(g, 16).toString(16) : fail()).join(":") + ":";
    let best = ":0:";  // the first longest run of two or more zero groups becomes "::"
    for (const run of str.match(/:(0:)+/g) || []) if (run.length > best.length) best = run;
    return str.replace(best, "::").replace(/^:(?!:)|(?<!:):$/g, "");
  }
  const digit = (d) => String.fromCharCode(d + (d < 26 ? 97 : 22));
  function punycode(label) {  // RFC 3492, for the non-ASCII labels of a domain
    const cps = Array.from(label, (c) => c.codePointAt(0)), basic = cps.filter((c) => c < 128);
    let out = String.fromCharCode(...basic) + (basic.length ? "-" : ""), h = basic.length, n = 128, delta = 0;
    let bias = 72;
    for (; h < cps.length; delta++, n++) {
      const m = Math.min(...cps.filter((c) => c >= n));
      delta += (m - n) * (h + 1);
      n = m;
      for (const c of cps) {
        if (c < n) delta++;
        if (c !== n) continue;
        let q = delta, k = 36, t, d;
        for (; q >= (t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias); k += 36) {
          out += digit(t + (q - t) % (36 - t));
          q = Math.floor((q - t) / (36 - t));
        }
        out += digit(q);
        d = h === basic.length ? Math.floor(delta / 700) : delta >> 1;
        for (d += Math.floor(d / ++h), k = 0; d > 455; k += 36) d = Math.floor(d / 35);
        bias = k + Math.floor(36 * d / (d + 38));
        delta = 0;
      }
    }
    return "xn--" + out;
  }
  function parseHost(s, special) {
    if (s[0] === "[") return s.at(-1) === "]" ? "[" + ipv6(s.slice(1, -1)) + "]" : fail();
    if (!special) return /[\0\t\n\r #/:<>?@[\\\]^|]/.test(s) ? fail() : pct(s, C0);
    let d = unpct(s).toLowerCase();
    if (/[^\0-\x7f]/.test(d)) {
      d = d.normalize("NFKC").toLowerCase().replace(/\u3002/g, ".").split(".")
        .map((l) => /[^\0-\x7f]/.test(l) ? punycode(l) : l).join(".");
    }
    return !d || /[\0- #%/:<>?@[\\\]^|\x7f\ufffd]/.test(d) ? fail() : d;
  }

  // ---- URL records: s scheme, u/p credentials, h host (null: none), n port, pa path, o opaque path,
  //      q query, f fragment (null: none)
  const DEFAULT_PORT = { __proto__: null, ftp: 21, file: -1, http: 80, https: 443, ws: 80, wss: 443 };
  const port = (n, s) => n > 65535 ? fail() : n === DEFAULT_PORT[s] ? null : n;
  const DOTS = { __proto__: null, ".": 1, "%2e": 1, "..": 2, ".%2e": 2, "%2e.": 2, "%2e%2e": 2 };
  function normPath(p, slash) {  // resolve dot segments, percent-encode the rest
    if (!p) return slash ? "/" : "";
    const segs = (p[0] === "/" ? p.slice(1) : p).split("/"), out = [];
    segs.forEach((g, i) => {
      const dot = DOTS[g.toLowerCase()];
      if (dot > 1) out.pop();
      if (!dot) out.push(pct(g, PATH));
      else if (i === segs.length - 1) out.push("");
    });
    return "/" + out.join("/");
  }
  function authority(r, a, special) {
    if (r.s !== "file") {
      let i = a.lastIndexOf("@");
      if (i >= 0) {
        const info = a.slice(0, i), j = info.indexOf(":") >>> 0;
        r.u = pct(info.slice(0, j), USER);
        r.p = pct(info.slice(j + 1), USER);
        if (!(a = a.slice(i + 1))) fail();
      }
      i = a.indexOf(":", a.indexOf("]") + 1);
      if (i >= 0) {
        const digits = a.slice(i + 1);
        if (!(a = a.slice(0, i)) || !/^\d*$/.test(digits)) fail();
        if (digits) r.n = port(+digits, r.s);
      }
    }
    r.h = r.s === "file" && (!a || a === "localhost") ? "" : parseHost(a, special);
    if (special && r.s !== "file" && !r.h) fail();
  }
  function parse(input, base) {  // -> a record, or null when the input is not a valid URL
    let s = usv(input), i = 0, j = s.length, raw = null;
    while (s.charCodeAt(i) <= 32) i++;  // C0 controls and spaces around the input go (no regex: O(n))
    while (j > i && s.charCodeAt(j - 1) <= 32) j--;
    s = clean(s.slice(i, j));
    const r = { s: base?.s, u: "", p: "", h: null, n: null, pa: "", o: false, q: null, f: null };
    const m = /^([a-z][a-z\d+.-]*):/i.exec(s);
    try {
      if (m) {
        r.s = m[1].toLowerCase();
        s = s.slice(m[0].length);
        if (base?.s !== r.s || !(r.s in DEFAULT_PORT)) base = null;
      } else if (!base || base.o && s[0] !== "#") fail();
      const special = r.s in DEFAULT_PORT, file = r.s === "file";
      if ((i = s.indexOf("#")) >= 0) { r.f = pct(s.slice(i + 1), FRAG); s = s.slice(0, i); }
      if ((i = s.indexOf("?")) >= 0) { r.q = pct(s.slice(i + 1), special ? SQUERY : QUERY); s = s.slice(0, i); }
      if (special) s = sub(s, /\\/g, "/");
      if (s.startsWith("//") || special && !file && !base) {
        s = special && !file ? sub(s, /^\/+/, "") : s.slice(2);
        i = s.search(/\/|$/);
        authority(r, s.slice(0, i), special);
        raw = s.slice(i);
      } else if (base) {
        Object.assign(r, { u: base.u, p: base.p, h: base.h, n: base.n, o: base.o });
        if (s[0] === "/") raw = s;
        else if (s) raw = base.pa.slice(0, base.pa.lastIndexOf("/") + 1) + s;
        else { r.pa = base.pa; r.q ??= base.q; }
      } else if (s[0] === "/" || file) {
        if (file) r.h = "";
        raw = s;
      } else {
        r.o = true;
        r.pa = pct(s, C0);
      }
      if (raw !== null) r.pa = normPath(raw, special);
      return r;
    } catch (e) {
      if (e === FAIL) return null;
      throw e;
    }
  }
  const hostPort = (r) => r.h === null ? "" : r.n === null ? r.h : r.h + ":" + r.n;
  const href = (r) => r.s + ":"
    + (r.h !== null ? "//" + (r.u || r.p ? r.u + (r.p && ":" + r.p) + "@" : "") + hostPort(r)
      : !r.o && r.pa.startsWith("//") ? "/." : "")
    + r.pa + (r.q !== null ? "?" + r.q : "") + (r.f !== null ? "#" + r.f : "");

  let bind;  // bind(params?, record): (re)attach a URL's live searchParams to its record, re-read its query
  class URLSearchParams {
    #list = []; #url = null;
    constructor(init) {
      if (init === undefined || init === null) return;
      if (typeof init !== "object" && typeof init !== "function") {
        const s = usv(init);
        this.#list = formParse(s[0] === "?" ? s.slice(1) : s);
      } else if (typeof init[Symbol.iterator] === "function") {
        for (const pair of init) {
          const kv = typeof pair === "object" ? [...pair] : [];
          if (kv.length !== 2) throw new TypeError("URLSearchParams: each pair must be an iterable of 2 items");
          this.#list.push(kv.map(usv));
        }
      } else {
        for (const k of Object.keys(init)) this.#list.push([usv(k), usv(init[k])]);
      }
    }
    static { bind = (p, r) => { if (p) { p.#url = r; p.#list = r.q ? formParse(r.q) : []; } return p; }; }
    #set(list = this.#list) {  // every change lands in the URL's query at once
      this.#list = list;
      if (this.#url) this.#url.q = list.length ? ser(list) : null;
    }
    get size() { return this.#list.length; }
    append(name, value) { this.#list.push([usv(name), usv(value)]); this.#set(); }
    delete(name, value) { this.#set(this.#list.filter((kv) => !match(kv, name, value))); }
    get(name) { return this.#list.find((kv) => match(kv, name))?.[1] ?? null; }
    getAll(name) { return this.#list.filter((kv) => match(kv, name)).map((kv) => kv[1]); }
    has(name, value) { return this.#list.some((kv) => match(kv, name, value)); }
    set(name, value) {
      const kv = [usv(name), usv(value)], i = this.#list.findIndex((x) => x[0] === kv[0]);
      if (i < 0) this.#list.push(kv);
      this.#set(i < 0 ? this.#list : this.#list.flatMap((x, j) => j === i ? [kv] : x[0] === kv[0] ? [] : [x]));
    }
    sort() {  // stable, by the names' UTF-16 code units
      const order = ([a, i], [b, j]) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : i - j;
      this.#set(this.#list.map((kv, i) => [kv, i]).sort(order).map((x) => x[0]));
    }
    toString() { return ser(this.#list); }
    forEach(fn, thisArg) { for (const [k, v] of this.entries()) fn.call(thisArg, v, k, this); }
    *entries() { for (let i = 0; i < this.#list.length; i++) yield [...this.#list[i]]; }
    *keys() { for (const kv of this.entries()) yield kv[0]; }
    *values() { for (const kv of this.entries()) yield kv[1]; }
    get [Symbol.toStringTag]() { return "URLSearchParams"; }
  }
  const ser = (list) => list.map(([k, v]) => formEnc(k) + "=" + formEnc(v)).join("&");
  const match = (kv, name, value) => kv[0] === usv(name) && (value === undefined || kv[1] === usv(value));
  Object.defineProperty(URLSearchParams.prototype, Symbol.iterator,
    { value: URLSearchParams.prototype.entries, writable: true, configurable: true });

  class URL {
    #r; #params;
    constructor(url, base) {
      if (base !== undefined && !(base = parse(base))) throw new TypeError("Invalid base URL");
      if (!(this.#r = parse(url, base))) throw new TypeError("Invalid URL: " + url);
    }
    static canParse(url, base) { return !!(base === undefined || (base = parse(base))) && !!parse(url, base); }
    static parse(url, base) { try { return new URL(url, base); } catch { return null; } }
    get href() { return href(this.#r); }
    set href(v) {
      const r = parse(v);
      if (!r) throw new TypeError("Invalid URL: " + v);
      bind(this.#params, this.#r = r);
    }
    get origin() {
      let r = this.#r;
      if (r.s === "blob" && !/^https?$/.test((r = parse(r.pa))?.s)) return "null";
      return r.s in DEFAULT_PORT && r.s !== "file" ? r.s + "://" + hostPort(r) : "null";
    }
    get protocol() { return this.#r.s + ":"; }
    set protocol(v) {  // setters ignore what does not parse, as the URL standard says
      const r = this.#r, s = /^([a-z][a-z\d+.-]*)(:|$)/i.exec(clean(v))?.[1].toLowerCase();
      if (!s || s in DEFAULT_PORT !== r.s in DEFAULT_PORT || s === "file" && (r.u || r.p || r.n !== null)
          || r.s === "file" && r.h === "") return;
      r.s = s;
      if (r.n === DEFAULT_PORT[s]) r.n = null;
    }
    get username() { return this.#r.u; }
    set username(v) { if (this.#r.h && this.#r.s !== "file") this.#r.u = pct(usv(v), USER); }
    get password() { return this.#r.p; }
    set password(v) { if (this.#r.h && this.#r.s !== "file") this.#r.p = pct(usv(v), USER); }
    get host() { return hostPort(this.#r); }
    set host(v) { setHost(this.#r, v, true); }
    get hostname() { return this.#r.h ?? ""; }
    set hostname(v) { setHost(this.#r, v, false); }
    get port() { return "" + (this.#r.n ?? ""); }
    set port(v) {
      const r = this.#r, s = clean(v), digits = /^\d*/.exec(s)[0];
      if (r.h && r.s !== "file" && (digits || !s) && digits <= 65535) r.n = digits ? port(+digits, r.s) : null;
    }
    get pathname() { return this.#r.pa; }
    set pathname(v) {
      const r = this.#r, special = r.s in DEFAULT_PORT;
      if (!r.o) r.pa = normPath(special ? clean(v).replace(/\\/g, "/") : clean(v), special || r.h === null);
    }
    get search() { return this.#r.q ? "?" + this.#r.q : ""; }
    set search(v) {
      const r = this.#r, s = clean(v);
      r.q = s ? pct(s.replace(/^\?/, ""), r.s in DEFAULT_PORT ? SQUERY : QUERY) : null;
      bind(this.#params, r);
    }
    get hash() { return this.#r.f ? "#" + this.#r.f : ""; }
    set hash(v) { const s = clean(v); this.#r.f = s ? pct(s.replace(/^#/, ""), FRAG) : null; }
    get searchParams() { return this.#params ??= bind(new URLSearchParams(), this.#r); }  // made on first use
    toString() { return href(this.#r); }
    toJSON() { return href(this.#r); }
    get [Symbol.toStringTag]() { return "URL"; }
  }
  function setHost(r, v, withPort) {
    const special = r.s in DEFAULT_PORT;
    let s = clean(v), digits = "";
    if (r.o) return;
    s = s.slice(0, s.search(special ? /[/?#\\]/ : /[/?#]/) >>> 0);
    const i = s.indexOf(":", s.indexOf("]") + 1);
    if (i >= 0) {
      if (!withPort || r.s === "file") return;
      digits = /^\d*/.exec(s.slice(i + 1))[0];
      s = s.slice(0, i);
    }
    try {
      const h = r.s === "file" && s === "localhost" ? "" : parseHost(s, special);
      if (!h && (special && r.s !== "file" || r.u || r.p || r.n !== null || r.h === null)) return;
      r.h = h;
      if (digits) r.n = port(+digits, r.s);
    } catch (e) {
      if (e !== FAIL) throw e;
    }
  }

  C.define("URL", URL);
  C.define("URLSearchParams", URLSearchParams);
  C.define("TextEncoder", TextEncoder);
  C.define("TextDecoder", TextDecoder);
