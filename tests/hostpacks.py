"""Running a body against Cordon's shipped packs, as a Code node does (the host-pack tests share it)."""

from __future__ import annotations

import functools
from typing import Any

from core import HostServices, RunResult, RunServices, run_in_sandbox
from core.packs import Catalog, PackRoot, resolve_body
from core.packs.roots import SHIPPED_DIR


@functools.cache
def shipped() -> Catalog:
    return Catalog([PackRoot(SHIPPED_DIR, "shipped")])


def run_body(code: str, *, host: HostServices | None = None, **kw: Any) -> RunResult:
    """Mount the packs the body imports from the shipped catalog, then run it on the real engine
    (`host`: what the host grants the run, such as a workspace)."""
    resolution = resolve_body(code, catalog=shipped())
    assert resolution is not None and resolution.ok, resolution and resolution.errors
    services = RunServices(host=host or HostServices(), modules=resolution.modules, surfaces=resolution.surfaces)
    return run_in_sandbox(code, services=services, **kw)


def refused(result: RunResult, rule: str, *words: str) -> None:
    """The run failed with `rule`, and the message names each of `words` (the pack, the option...)."""
    assert not result.ok, result.result
    assert result.error is not None and result.error.rule == rule, result.error
    for word in words:
        assert word in result.error.message, result.error


def pdf_of(objects: list[bytes]) -> bytes:
    """A PDF file of these object bodies (numbered from 1, the catalog first) with a valid xref."""
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%b\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)
