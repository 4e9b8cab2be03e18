"""fetch(url, options?): the guest surface. The implementation (httpx behind the SSRF guard)
is `core/bridges/fetch_http.py`, imported on the first call; its docstring documents the
response shape, options and limits."""

from __future__ import annotations

from core.bridges import declared
from core.bridges.base import lazy_op

SURFACE = declared("fetch").surface({"fetch": lazy_op("core.bridges.fetch_http", "fetch_op")})
