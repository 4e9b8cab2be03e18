"""What this installation is and what protects it: the facts `cordon doctor` prints and About shows.

One place gathers them so the command line and the studio say the same: the version, Python and
platform, the folders Cordon keeps its state in, whether secrets have a store, whether the guest is
compiled for this machine, the fonts and helper binaries the packs use, and the host workers'
confinement, measured by starting a real worker (`core/hostwork`). Gathering them costs a worker's
start and the guest module's cache check, so only doctor and About ask.
"""

from __future__ import annotations

import asyncio
import os
import platform
import sys
import time
from importlib import metadata
from typing import Any

from core import paths

DISTRIBUTION = "cordon-studio"


def _noop() -> int:
    return 1


async def _host_workers() -> dict[str, Any]:
    """A real worker's layers, its start and a call's round trip (the zygote started if needed)."""
    from core.hostwork.client import ZYGOTE, HostWorker

    began = time.perf_counter()
    ZYGOTE.prestart()
    zygote_ms = (time.perf_counter() - began) * 1000
    worker = await asyncio.to_thread(HostWorker.spawn)
    try:
        trips = []
        for _ in range(20):
            began = time.perf_counter()
            await worker.call(_noop, (), None)
            trips.append((time.perf_counter() - began) * 1000)
    finally:
        worker.kill()
    missing = [line for line in str(worker.layers.get("missing") or "").splitlines() if line]
    layers = {k: v for k, v in worker.layers.items() if k not in ("missing", "confine_us")}
    return {
        "layers": layers,
        "missing": missing,
        "zygote_start_ms": round(zygote_ms, 1),
        "worker_start_ms": round(worker.start_ms, 2),
        "round_trip_ms": round(sorted(trips)[len(trips) // 2], 3),
    }


def _guest_compiled() -> bool:
    """Whether the guest's compiled form for this machine is in Cordon's verified cache."""
    from core.engine import guest_module

    return guest_module.precompiled_is_cached()


def _fonts() -> dict[str, Any]:
    """Whether the system has the canvas's DejaVu (else text is set in the shipped one), and that file."""
    from core.bridges.canvas_ops import SANS, font_installed

    shipped = paths.resources_dir() / "fonts" / "DejaVuSans.ttf"
    return {"system_dejavu": font_installed(SANS), "shipped": str(shipped), "shipped_present": shipped.is_file()}


def installation() -> dict[str, Any]:
    """The cheap facts (no worker, no cache read): version, Python, platform, folders. About shows them."""
    return {
        "version": f"{DISTRIBUTION} {metadata.version(DISTRIBUTION)}",
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "folders": {
            "data": str(paths.data_dir()),
            "config": str(paths.config_dir()),
            "cache": str(paths.cache_dir()),
            "logs": str(paths.log_dir()),
        },
    }


def system_report() -> dict[str, Any]:
    """Every fact above, as JSON values (blocking: a worker starts, the guest cache is read)."""
    from core.packs.host.ocr import find_engine
    from core.secrets_store import keyring_state, store_info

    if hasattr(os, "fork"):
        workers = asyncio.run(_host_workers())
    else:  # Windows: no zygote to fork from (docs/security.md, Host workers)
        workers = {"layers": {}, "missing": ["host workers are not built on this platform: host work is refused"]}
    return {
        **installation(),
        "secrets": keyring_state(),
        "secret_store": _secret_store(store_info()),
        "guest_compiled": _guest_compiled(),
        "fonts": _fonts(),
        "tesseract": find_engine(),
        "host_workers": workers,
    }


def _secret_store(store: Any) -> dict[str, str | None]:
    """Where secrets are kept (`core.secrets_store.SecretStore`): its kind, the words a person reads,
    and the encrypted file's path (where `cordon secrets setup` would create it, for "none")."""
    return {"kind": store.kind, "label": store.label, "path": None if store.path is None else str(store.path)}
