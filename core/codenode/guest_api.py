"""What a Code node body can reach: every guest global and the members of each, asked of the guest itself.

The studio's completion offers these names; they are never a hand-kept list of
what the sandbox "should" have. One probe run (on the real engine, with the
Code node's contract and stream surfaces mounted) lists every global a body can
reach, so a bridge added to `core.bridges.standard_surfaces()` shows up in the
editor without touching the studio. `declared_guest_api` is what the surfaces
declare, for before (or without) the probe.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

logger = logging.getLogger(__name__)

#: The Code node contract: names every body has beside the standard surfaces.
CONTRACT_NAMES = ("inputs", "emit", "output", "stream", "state")

_NOT_MEMBERS = frozenset({"length", "name", "prototype", "caller", "arguments", "constructor"})

_PROBE = r"""
const skip = new Set(%s);
const ident = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const out = {};
for (const name of Object.getOwnPropertyNames(globalThis)) {
  if (!ident.test(name)) continue;
  let value;
  try { value = globalThis[name]; } catch { continue; }
  const members = [];
  if ((typeof value === "object" && value !== null) || typeof value === "function") {
    for (const m of Object.getOwnPropertyNames(value)) if (ident.test(m) && !skip.has(m)) members.push(m);
  }
  out[name] = members;
}
return out;
"""


@dataclass(frozen=True)
class GuestApi:
    """Every global a Code node body can reach, and the own members of each."""

    globals: tuple[str, ...]
    members: dict[str, tuple[str, ...]]


def declared_guest_api() -> GuestApi:
    """What the surfaces declare, before (or without) asking the guest."""
    from core.bridges import standard_surfaces

    names = [g for surface in standard_surfaces() for g in surface.globals]
    return GuestApi(tuple(dict.fromkeys([*names, *CONTRACT_NAMES])), {"stream": ("first", "open")})


def probe_guest_api() -> GuestApi:
    """Ask a real guest (contract and stream surfaces mounted) what it can reach. Blocks ~10 ms-1 s."""
    from core.codenode import contract, streams
    from core.engine.config import RunServices
    from core.engine.run import run_in_sandbox

    code = _PROBE % sorted(_NOT_MEMBERS).__repr__().replace("'", '"')
    result = run_in_sandbox(
        code, inputs={}, globals={"state": {}}, services=RunServices(surfaces=(contract.SURFACE, streams.SURFACE))
    )
    if not result.ok or not isinstance(result.result, dict):
        logger.warning("the guest API probe failed (%s): completion offers the declared names", result.error)
        return declared_guest_api()
    members = {str(k): tuple(sorted(str(m) for m in v)) for k, v in result.result.items() if isinstance(v, list)}
    return GuestApi(tuple(sorted(members)), members)
