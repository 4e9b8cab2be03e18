"""Warming the engine before a run needs it.

The first run of a process pays for what every later run starts from: the hardened Engine and
the guest module (loaded from Cordon's cache, or compiled), the standard prelude's template, the
parsers and bridge modules a run imports, the template's copy-on-write image module
(compiled after a template's first runs, or loaded from the cache), and the host workers' zygote
with a spare worker (core/hostwork). The studio shows its window
first and calls `warm_engine()` in the background afterwards; a run requested meanwhile waits for the
template being built (`templates.template_for` builds one at a time) instead of building another.
"""

from __future__ import annotations

import logging
import os
import time

from core.engine import driver, templates
from core.engine.prelude import build_prelude
from core.engine.run import run_in_sandbox

logger = logging.getLogger(__name__)


def warm_engine() -> None:
    """Make the engine warm now, on the calling thread (a few hundred ms cold, once per process).

    A real run of the standard path does the work, so nothing here builds a second copy of what
    a run builds; then, once the guest's Cranelift compile is done (a first process starts on
    Winch, `driver.install`), the standard template's image module is compiled on this thread,
    unless the cache had it.
    """
    if engine_is_warm():
        return
    started = time.perf_counter()
    result = run_in_sandbox("return 1")
    if not result.ok:  # the first real run will report the same failure to the person
        logger.warning("engine warm-up run failed: %s", result.error)
        return
    # The bridges a run imports at its first call into one (core/bridges/__init__.py): a studio
    # imports them all now, so no run pays for an import inside its own time budget.
    from core.bridges import standard_surfaces

    standard_surfaces()
    driver.wait_for_compile()  # a first process ran that on Winch: its image is for Cranelift
    template = templates.cached_template(build_prelude(()))
    if template is not None:
        template.bake_now()
    if hasattr(os, "fork"):  # host work's zygote and a spare worker, so a run's first pack call forks nothing
        from core.hostwork.client import prestart

        prestart()
    logger.info("engine warm in %.0f ms", (time.perf_counter() - started) * 1000)


def engine_is_warm() -> bool:
    """Whether the standard template's image module is ready: a run now starts copy-on-write."""
    template = templates.cached_template(build_prelude(()))
    return template is not None and template.module is not None
