"""What a caller hands a run besides its code, inputs and limits, as two small frozen objects.

`RunHooks` are the caller's live lines into the run (stop it, hear its console and progress);
`RunServices` is what the run may reach beyond computation (the host's grants, the packs it
imports). Each travels as one value from the caller through `run_in_sandbox` to the run,
instead of a list of keyword arguments every layer repeats.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from core.bridges.base import HostServices, Surface
from core.cancel import CancelHandle

logger = logging.getLogger(__name__)


class ModuleGraph(Protocol):
    """What the loader serves for one run (built by the pack catalog from declarations)."""

    def resolve(self, base: str, specifier: str) -> str:
        """Canonical module id for `specifier` imported from `base`, or raise ModuleRefused."""
        ...

    def source(self, module_id: str) -> str:
        """Source text of a module id that `resolve` returned."""
        ...


@dataclass(frozen=True)
class RunHooks:
    """The caller's live lines into a run. All optional.

    `cancel` stops the run from any thread; `on_log` hears each console line and `on_progress`
    each progress report as they happen (on the run's thread: hand them to your own).
    """

    cancel: CancelHandle | None = None
    on_log: Callable[[str], None] | None = None
    on_progress: Callable[[float, str | None], None] | None = None


@dataclass(frozen=True)
class RunServices:
    """What a run may reach beyond pure computation. All optional: by default, nothing.

    `host` is what the host grants (a workspace, a secret prompter, ...); `modules` is the
    loader's graph of the packs the body imports and `surfaces` their extra guest API (a pack
    resolution's `modules` and `surfaces`).
    """

    host: HostServices = field(default_factory=HostServices)
    modules: ModuleGraph | None = None
    surfaces: Sequence[Surface] = ()
