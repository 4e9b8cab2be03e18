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
