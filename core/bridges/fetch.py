"""fetch(url, options?): the guest surface. The implementation (httpx behind the SSRF guard)
is `core/bridges/fetch_http.py`, imported on the first call; its docstring documents the
response shape, options and limits."""

from __future__ import annotations

from core.bridges.base import Surface, lazy_op
from core.guest import surface_js

GUEST_JS = surface_js("fetch.js")

SURFACE = Surface("fetch", {"fetch": lazy_op("core.bridges.fetch_http", "fetch_op")}, GUEST_JS, ("fetch",))
