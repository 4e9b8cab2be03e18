"""URL, URLSearchParams, TextEncoder and TextDecoder in the guest, on the real engine.

Expected values are what the WHATWG URL and Encoding standards give (checked
against Node's implementation), except where Cordon decides otherwise: IPv4
hosts are kept as written, and TextDecoder speaks only utf-8.
"""

from __future__ import annotations

import pytest

from tests.conftest import ok

PARTS = ("href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash")

PARSE_JS = """
return inputs.cases.map(([url, base]) => {
  try {
    const u = base === null ? new URL(url) : new URL(url, base);
    return Object.fromEntries(inputs.parts.map((k) => [k, u[k]]));
  } catch (e) { return e.name + ": " + e.message; }
});
"""


def parse_all(run, cases):
    """Parse every (url, base) in one run; a failure comes back as 'TypeError: ...'."""
    return ok(run(PARSE_JS, inputs={"cases": [list(c) for c in cases], "parts": list(PARTS)}))


# -- URL parsing ----------------------------------------------------------------------------
def test_url_components(run):
    got = parse_all(run, [("HTTPS://User:Pa%20ss@EXAMPLE.com:8443/a/./b/../c d?q=1 2&r='x'#frag ment", None)])[0]
    assert got == {
        "href": "https://User:Pa%20ss@example.com:8443/a/c%20d?q=1%202&r=%27x%27#frag%20ment",
        "origin": "https://example.com:8443",
        "protocol": "https:",
        "username": "User",
        "password": "Pa%20ss",
        "host": "example.com:8443",
        "hostname": "example.com",
        "port": "8443",
        "pathname": "/a/c%20d",
        "search": "?q=1%202&r=%27x%27",
        "hash": "#frag%20ment",
    }


@pytest.mark.parametrize(
    "url, href",
    [
        # default ports are dropped, hosts lower-cased, special schemes get a path
        ("http://Example.COM:80", "http://example.com/"),
        ("https://example.com:443/x", "https://example.com/x"),
        ("ws://h:80/", "ws://h/"),
        ("wss://h:443/", "wss://h/"),
        ("ftp://h:21/", "ftp://h/"),
        ("http://h:0080/", "http://h/"),
        ("http://h:8080/", "http://h:8080/"),
        # IPv6 canonical, in brackets; IPv4 kept as written
        ("http://[2001:DB8:0:0:0:0:0:1]:3000/", "http://[2001:db8::1]:3000/"),
        ("http://[::1]/", "http://[::1]/"),
        ("http://[1:0:0:1:0:0:0:1]/", "http://[1:0:0:1::1]/"),
        ("http://[::ffff:1.2.3.4]/", "http://[::ffff:102:304]/"),
        ("http://[1::]/", "http://[1::]/"),
        ("http://192.168.0.1:8080/", "http://192.168.0.1:8080/"),
        # dot segments (also percent-encoded ones), backslashes, whitespace
        ("http://a/b/c/./../../g", "http://a/g"),
        ("http://a/%2e%2E/x/.%2e/y", "http://a/y"),
        ("http://a/b/..", "http://a/"),
        ("http://a/b/.", "http://a/b/"),
        ("http:\\\\h\\a\\b", "http://h/a/b"),
        ("  http://h/a\tb\nc  ", "http://h/abc"),
        ("http:h.com/x", "http://h.com/x"),
        ("http:///h/x", "http://h/x"),
        # percent-encoding: path, query (special: also '), fragment, non-ASCII, astral
        ("http://h/ü €?ü=€#ü", "http://h/%C3%BC%20%E2%82%AC?%C3%BC=%E2%82%AC#%C3%BC"),
        ("http://h/😀?😀#😀", "http://h/%F0%9F%98%80?%F0%9F%98%80#%F0%9F%98%80"),
        ("http://h/a?b=%zz", "http://h/a?b=%zz"),
        ("foo://h/p?q='x'", "foo://h/p?q='x'"),
        # IDNA: NFKC, lower case, punycode
        ("http://MÜNCHEN.de/", "http://xn--mnchen-3ya.de/"),
        ("http://ＥＸＡＭＰＬＥ．com/", "http://example.com/"),
        ("http://例え.テスト/", "http://xn--r8jz45g.xn--zckzah/"),
        # non-special schemes: opaque paths, opaque hosts (case kept), file
        ("mailto:Joe@Example.COM?subject=hi there", "mailto:Joe@Example.COM?subject=hi%20there"),
        ("data:text/plain,hello world#x", "data:text/plain,hello world#x"),
        ("urn:isbn:0451450523", "urn:isbn:0451450523"),
        ("foo://EXAMPLE.com/P", "foo://EXAMPLE.com/P"),
        ("foo:/..//x", "foo:/.//x"),
        ("file:///etc/passwd", "file:///etc/passwd"),
        ("file://localhost/etc", "file:///etc"),
        ("file:foo", "file:///foo"),
    ],
)
def test_url_href(run, url, href):
    assert parse_all(run, [(url, None)])[0]["href"] == href


def test_url_origin(run):
    got = parse_all(
        run,
        [
            ("blob:https://a.com/uuid", None),
            ("blob:foo:bar", None),
            ("file:///x", None),
            ("foo://h/", None),
            ("http://h:81/", None),
        ],
    )
    assert [g["origin"] for g in got] == ["https://a.com", "null", "null", "null", "http://h:81"]


@pytest.mark.parametrize(
    "url",
    [
        "not a url",
        "",
        "http://",
        "http://a:99999/",
        "http://a:80a/",
        "http://:80/",
        "http://u@/",
        "http://exa mple.com/",
        "http://a%2F.com/",
        "http://[::1/",
        "http://[:::1]/",
        "http://[1:2:3:4:5:6:7::8]/",
        "http://[::1.2.3.256]/",
        "http://[::01.2.3.4]/",
        "//foo/bar",
        "/x",
    ],
)
def test_invalid_url_throws_type_error(run, url):
    got = parse_all(run, [(url, None)])[0]
    assert isinstance(got, str) and got.startswith("TypeError: Invalid URL"), got


def test_invalid_base_and_can_parse(run):
    result = ok(
        run("""
        let err; try { new URL("x", "not a base"); } catch (e) { err = e.name + ": " + e.message; }
        return [err, URL.canParse("http://a"), URL.canParse("x"), URL.canParse("x", "http://a/"),
                URL.canParse("x", "nope"), URL.parse("x"), URL.parse("/p", "http://h/a").href];
    """)
    )
    assert result == ["TypeError: Invalid base URL", True, False, True, False, None, "http://h/p"]


# -- relative resolution (RFC 3986 section 5.4, as the URL standard resolves them) ---------
RFC3986 = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g/"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../g", "http://a/g"),
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http://a/b/c/g"),
    ("\\\\x\\y", "http://x/y"),
    ("https://other/", "https://other/"),
]


def test_relative_resolution_rfc3986_examples(run):
    got = parse_all(run, [(rel, "http://a/b/c/d;p?q") for rel, _ in RFC3986])
    assert [g["href"] for g in got] == [want for _, want in RFC3986]


def test_relative_resolution_other_bases(run):
    got = parse_all(
        run,
        [
            ("#f", "mailto:a@b"),
            ("x", "mailto:a@b"),
            ("b/c", "foo://h/a/"),
            ("b", "foo://h"),
            ("x", "file:///a/b"),
            ("//h/x", "file:///a"),
            ("c", "http://u:p@h:81/a/b?q#f"),
        ],
    )
    assert [g if isinstance(g, str) else g["href"] for g in got] == [
        "mailto:a@b#f",
        "TypeError: Invalid URL: x",
        "foo://h/a/b/c",
        "foo://h/b",
        "file:///a/x",
        "file://h/x",
        "http://u:p@h:81/a/c",
    ]


def test_url_objects_as_inputs_and_json(run):
    result = ok(
        run("""
        const base = new URL("http://a/b/");
        const u = new URL("c?x=1", base);
        return [new URL(u).href, String(u), u.toJSON(), JSON.stringify({ u }), u,
                Object.prototype.toString.call(u), Object.keys(u), Object.getOwnPropertyNames(u)];
    """)
    )
    assert result == [
        "http://a/b/c?x=1",
        "http://a/b/c?x=1",
        "http://a/b/c?x=1",
        '{"u":"http://a/b/c?x=1"}',
        "http://a/b/c?x=1",
        "[object URL]",
        [],
        [],
    ]


# -- setters -------------------------------------------------------------------------------
def test_setters(run):
    result = ok(
        run("""
        const out = [];
        const u = new URL("http://u:p@example.com:8080/a/b?q=1#f");
        u.protocol = "https"; out.push(u.href);
        u.protocol = "foo"; out.push(u.protocol);                // special -> non-special: ignored
        u.port = "443"; out.push(u.host);                        // the default port is dropped
        u.port = "12abc"; out.push(u.port);                      // leading digits
        u.port = "70000"; out.push(u.port);                      // out of range: ignored
        u.hostname = "Other.ORG"; out.push(u.host);
        u.host = "h.net:99"; out.push(u.host);
        u.host = "bad host"; out.push(u.host);                   // does not parse: ignored
        u.username = "a b@c"; u.password = "p:w"; out.push(u.href);
        u.pathname = "/x/../y z"; out.push(u.pathname);
        u.search = "a=1 2"; out.push(u.search);
        u.hash = "h h"; out.push(u.hash);
        u.search = ""; u.hash = ""; out.push(u.href);
        u.href = "ws://w/"; out.push(u.href, u.origin);
        let err; try { u.href = "nope"; } catch (e) { err = e.name; } out.push(err, u.href);
        return out;
    """)
    )
    assert result == [
        "https://u:p@example.com:8080/a/b?q=1#f",
        "https:",
        "example.com",
        "12",
        "12",
        "other.org:12",
        "h.net:99",
        "h.net:99",
        "https://a%20b%40c:p%3Aw@h.net:99/a/b?q=1#f",
        "/y%20z",
        "?a=1%202",
        "#h%20h",
        "https://a%20b%40c:p%3Aw@h.net:99/y%20z",
        "ws://w/",
        "ws://w",
        "TypeError",
        "ws://w/",
    ]


# -- searchParams is live --------------------------------------------------------------------
def test_search_params_are_live(run):
    result = ok(
        run("""
        const out = [];
        const u = new URL("http://a/p?x=1&y=2#h");
        const p = u.searchParams;
        p.set("x", "a b&c"); out.push(u.href);
        p.append("z", "é+"); out.push(u.search);
        p.delete("y"); out.push(u.href);
        p.sort(); out.push(u.search);
        for (const k of [...p.keys()]) p.delete(k);
        out.push(u.href, p.size);                                // empty params: no "?" at all
        u.search = "?q=1&q=2"; out.push(p.getAll("q"), p === u.searchParams);
        u.href = "http://b/?k=v"; out.push(p.get("k"));
        p.append("n", "1"); out.push(u.href);
        return out;
    """)
    )
    assert result == [
        "http://a/p?x=a+b%26c&y=2#h",
        "?x=a+b%26c&y=2&z=%C3%A9%2B",
        "http://a/p?x=a+b%26c&z=%C3%A9%2B#h",
        "?x=a+b%26c&z=%C3%A9%2B",
        "http://a/p#h",
        0,
        ["1", "2"],
        True,
        "v",
        "http://b/?k=v&n=1",
    ]


# -- URLSearchParams -------------------------------------------------------------------------
def test_url_search_params_construction(run):
    result = ok(
        run("""
        const show = (p) => [...p];
        let err; try { new URLSearchParams([["a"]]); } catch (e) { err = e.name; }
        return [
          show(new URLSearchParams("?a=1&&b=%20x+y&c&=d&e==&%zz=%e2%82&%F0%9F%98%80=1")),
          show(new URLSearchParams({ a: 1, b: "x y", c: null })),
          show(new URLSearchParams([["a", "1"], new Set(["b", "2"])])),
          show(new URLSearchParams(new Map([["m", "1"]]))),
          show(new URLSearchParams(new URLSearchParams("c=3"))),
          show(new URLSearchParams()), show(new URLSearchParams(null)), err,
        ];
    """)
    )
    assert result == [
        [["a", "1"], ["b", " x y"], ["c", ""], ["", "d"], ["e", "="], ["%zz", "\ufffd"], ["😀", "1"]],
        [["a", "1"], ["b", "x y"], ["c", "null"]],
        [["a", "1"], ["b", "2"]],
        [["m", "1"]],
        [["c", "3"]],
        [],
        [],
        "TypeError",
    ]


def test_url_search_params_methods(run):
    result = ok(
        run("""
        const p = new URLSearchParams("a=1&b=2&a=3&c=4");
        const out = [p.get("a"), p.getAll("a"), p.has("b"), p.has("a", "3"), p.has("a", "9"), p.get("zz"), p.size];
        p.set("a", "x"); out.push(p.toString());
        p.set("new", ""); out.push(p.toString());
        p.delete("b"); p.append("b", "5"); p.delete("a", "x"); out.push(p.toString());
        p.append("a", "0"); p.append("A", "1"); p.append("😀", "e"); p.append("\\ufffd", "f"); p.sort();
        out.push(p.toString());
        const seen = [];
        p.forEach(function (v, k, o) { seen.push([k, v, o === p, this.t]); }, { t: 1 });
        out.push(seen.length, seen[0], [...p.keys()].length, [...p.values()][0], [...p.entries()][0],
                 p[Symbol.iterator] === p.entries, Object.prototype.toString.call(p));
        out.push(new URLSearchParams([["sp ace", "!'()~*-._"], ["é", "&=+%"]]).toString());
        return out;
    """)
    )
    assert result == [
        "1",
        ["1", "3"],
        True,
        True,
        False,
        None,
        4,
        "a=x&b=2&c=4",
        "a=x&b=2&c=4&new=",
        "c=4&new=&b=5",
        "A=1&a=0&b=5&c=4&new=&%F0%9F%98%80=e&%EF%BF%BD=f",
        7,
        ["A", "1", True, 1],
        7,
        "1",
        ["A", "1"],
        True,
        "[object URLSearchParams]",
        "sp+ace=%21%27%28%29%7E*-._&%C3%A9=%26%3D%2B%25",
    ]


# -- TextEncoder / TextDecoder ---------------------------------------------------------------
def test_text_encoder(run):
    result = ok(
        run("""
        const e = new TextEncoder();
        const into = (s, n) => { const d = new Uint8Array(n); const r = e.encodeInto(s, d); return [r.read, r.written, [...d]]; };
        return [e.encoding, e.encode("aé€😀"), e.encode("\\ud800x\\udc00"), e.encode(), e.encode(42),
                into("a€😀", 5), into("€€", 5), into("😀", 3), into("ab", 8)];
    """)
    )
    assert result == [
        "utf-8",
        "aé€😀".encode(),
        b"\xef\xbf\xbdx\xef\xbf\xbd",
        b"",
        b"42",
        [2, 4, [0x61, 0xE2, 0x82, 0xAC, 0]],
        [1, 3, [0xE2, 0x82, 0xAC, 0, 0]],
        [0, 0, [0, 0, 0]],
        [2, 2, [0x61, 0x62, 0, 0, 0, 0, 0, 0]],
    ]


def test_text_round_trip_including_astral_characters(run):
    text = "plain ASCII, é, €, 中文, 😀🎉 and 𝄞 " * 200
    result = ok(
        run(
            """
        const bytes = new TextEncoder().encode(inputs.text);
        const back = new TextDecoder().decode(bytes);
        return { bytes, same: back === inputs.text, length: back.length };
    """,
            inputs={"text": text},
        )
    )
    assert result["bytes"] == text.encode("utf-8")
    assert result["same"] is True
    assert result["length"] == len(text.encode("utf-16-le")) // 2


INVALID = [  # (bytes, what the Encoding standard decodes them to: U+FFFD per maximal subpart)
    (b"\xc0\x80", "\ufffd\ufffd"),
    (b"\xe0\x80\x80", "\ufffd\ufffd\ufffd"),
    (b"\xed\xa0\x80", "\ufffd\ufffd\ufffd"),
    (b"\xf4\x90\x80\x80", "\ufffd" * 4),
    (b"\xf0\x9f\x98", "\ufffd"),
    (b"\xf0\x9f\x98A", "\ufffdA"),
    (b"\x80A", "\ufffdA"),
    (b"\xe2\x82", "\ufffd"),
    (b"\xff", "\ufffd"),
    (b"A\xf0\x90\x80A", "A\ufffdA"),
    (b"\xf8\x88\x80\x80\x80", "\ufffd" * 5),
    (b"ok \xe2\x82\xac \xc3", "ok € \ufffd"),
]


def test_text_decoder_replaces_invalid_sequences_or_throws_when_fatal(run):
    result = ok(
        run(
            """
        return inputs.map((b) => {
          let fatal;
          try { fatal = new TextDecoder("utf-8", { fatal: true }).decode(b); } catch (e) { fatal = e.name; }
          return [new TextDecoder().decode(b), fatal];
        });
    """,
            inputs=[b for b, _ in INVALID],
        )
    )
    assert [r[0] for r in result] == [want for _, want in INVALID]
    assert [r[1] for r in result] == ["TypeError"] * len(INVALID)


def test_text_decoder_large_invalid_input_stays_in_bounds(run):
    result = ok(
        run("""
        const b = new Uint8Array(300000);
        for (let i = 0; i < b.length; i++) b[i] = (i * 7919 + (i >> 3) * 31) & 255;  // binary noise
        const s = new TextDecoder().decode(b);
        return [s.length > 0, s.includes("\\ufffd"), [...new TextEncoder().encode(s)].length > 0];
    """)
    )
    assert result == [True, True, True]


def test_text_decoder_options_bom_and_stream(run):
    result = ok(
        run("""
        const bom = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]);
        const bytes = new TextEncoder().encode("\\ufeffhé€😀 end");
        const d = new TextDecoder("utf8");
        let streamed = "";
        for (let i = 0; i < bytes.length; i += 3) streamed += d.decode(bytes.subarray(i, i + 3), { stream: true });
        streamed += d.decode();
        const cut = new TextDecoder();
        const parts = [cut.decode(new Uint8Array([0xe2, 0x82]), { stream: true }), cut.decode(new Uint8Array([0xac]))];
        const open = new TextDecoder();
        const dangling = open.decode(new Uint8Array([0xf0, 0x9f]), { stream: true }) + open.decode();
        const dv = new DataView(new Uint8Array([0x68, 0x69]).buffer);
        let bad; try { new TextDecoder().decode("text"); } catch (e) { bad = e.name; }
        const t = new TextDecoder(" UTF-8 ", { fatal: true, ignoreBOM: true });
        return [new TextDecoder().decode(bom), new TextDecoder("utf-8", { ignoreBOM: true }).decode(bom),
                streamed, parts, dangling, new TextDecoder().decode(dv), new TextDecoder().decode(dv.buffer),
                new TextDecoder().decode(), bad, [t.encoding, t.fatal, t.ignoreBOM]];
    """)
    )
    assert result == [
        "hi",
        "\ufeffhi",
        "hé€😀 end",
        ["", "€"],
        "\ufffd",
        "hi",
        "hi",
        "",
        "TypeError",
        ["utf-8", True, True],
    ]


def test_text_decoder_refuses_other_encodings_by_name(run):
    result = run('new TextDecoder("latin1"); return 1')
    assert not result.ok
    assert result.error.name == "RangeError"
    assert '"latin1"' in result.error.message and "utf-8" in result.error.message


# -- isolation ----------------------------------------------------------------------------------
def test_a_run_cannot_break_the_next_one_by_mutating_prototypes(run):
    spoiled = ok(
        run("""
        URL.prototype.toString = () => "hacked";
        Object.defineProperty(URL.prototype, "href", { get: () => "hacked" });
        URLSearchParams.prototype.get = () => "hacked";
        TextDecoder.prototype.decode = () => "hacked";
        TextEncoder.prototype.encode = () => new Uint8Array([1]);
        String.prototype.toWellFormed = () => "hacked";
        globalThis.decodeURIComponent = () => "hacked";
        globalThis.URL = function () { return { href: "hacked" }; };
        delete globalThis.TextEncoder;
        return new URL("http://x/").href;
    """)
    )
    assert spoiled == "hacked"
    fresh = ok(
        run("""
        const u = new URL("http://x/p?a=1");
        return [String(u), u.href, u.searchParams.get("a"), new TextDecoder().decode(new Uint8Array([0xc3, 0xa9])),
                [...new TextEncoder().encode("é")], "a".toWellFormed(), decodeURIComponent("%41")];
    """)
    )
    assert fresh == ["http://x/p?a=1", "http://x/p?a=1", "1", "é", [0xC3, 0xA9], "a", "A"]


def test_decoding_survives_patched_uri_globals_in_the_same_run(run):
    result = ok(
        run("""
        globalThis.escape = globalThis.unescape = globalThis.decodeURIComponent = globalThis.encodeURIComponent =
          () => { throw new Error("patched"); };
        const b = new TextEncoder().encode("é€😀");
        return [new TextDecoder().decode(b), new URL("http://h/é").pathname];
    """)
    )
    assert result == ["é€😀", "/%C3%A9"]


def test_internal_state_is_private(run):
    result = ok(
        run("""
        const u = new URL("http://h/");
        const getter = Object.getOwnPropertyDescriptor(URL.prototype, "href").get;
        let e1, e2;
        try { getter.call({}); } catch (e) { e1 = e.name; }
        try { URLSearchParams.prototype.get.call({}, "a"); } catch (e) { e2 = e.name; }
        return [Object.getOwnPropertyNames(u), Object.getOwnPropertySymbols(u).length, e1, e2];
    """)
    )
    assert result == [[], 0, "TypeError", "TypeError"]


@pytest.mark.parametrize("name", ["URL", "URLSearchParams", "TextEncoder", "TextDecoder"])
def test_web_globals_are_reserved(run, name):
    result = run("return 1", globals={name: 1})
    assert not result.ok
    assert result.error.rule == "reserved-global" and name in result.error.message
