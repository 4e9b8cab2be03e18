"""URL, URLSearchParams, TextEncoder and TextDecoder: pure guest JavaScript, no host call.

QuickJS-ng ships none of these web globals. They are guest code rather than
bridges because they are pure computation: a host round trip per `new URL()`
would cost more than the parse.

* URL follows the WHATWG URL standard (special schemes and default ports,
  userinfo, IDNA via NFKC + punycode, canonical [IPv6], dot segments, the
  percent-encode sets, relative resolution, opaque paths), except that IPv4
  hosts are kept as written. `url.searchParams` is live both ways, which the
  reference's QuickJS URL was not. Setters ignore values that do not parse,
  as the standard says; only `href` throws.
* TextEncoder/TextDecoder are utf-8 only and ride on the engine's native URI
  coders (encodeURIComponent/unescape, escape/decodeURIComponent, btoa and
  Uint8Array.fromBase64/toBase64): a JavaScript loop per byte is ~10x slower
  in this guest. Invalid input decodes to U+FFFD per maximal subpart (the
  Encoding standard), or throws TypeError with `fatal`; `stream` is honoured.
  Other labels throw RangeError naming the label.
* The natives are captured when the prelude runs, so a run that patches
  `decodeURIComponent` & co. does not break its own URL or TextDecoder; every
  run starts from the pristine template anyway.

Size matters more than layout suggests: QuickJS keeps each function's source
text (for `toString`) at every nesting level, so every source byte costs
several bytes of the template every run restores. Hence the declaration's
`compact` (core/bridges/__init__.py), which strips layout and comments when the
prelude is built, not when this module is imported: a run imports this module
only to list the standard surfaces (it has no ops), never to run a body.
"""

from __future__ import annotations

from core.bridges import declared

SURFACE = declared("web").surface({})
