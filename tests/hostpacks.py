"""Running a body against Cordon's shipped packs, as a Code node does (the host-pack tests share it)."""

from __future__ import annotations

import functools
import threading
from typing import Any

from core import CancelHandle, HostServices, RunHooks, RunResult, RunServices, run_in_sandbox
from core.bridges.base import _HOST_WORKERS
from core.hostwork.client import HostWorker
from core.packs import Catalog, PackRoot, resolve_body
from core.packs.roots import SHIPPED_DIR
from tests.conftest import ok
from tests.conftest import refused as refused  # re-exported: the host pack tests import it from here


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


# -- a hostile call on every host worker: it stops with its run, and the workers are free after ------------------

#: Short enough that every hostile call of a test is still running at the deadline (each takes seconds).
TIMEOUT_MS = 1500


def hog(specifier: str, call: str) -> str:
    """A body that starts `call` once on every host worker, says so, and waits for them all."""
    return (
        f'import * as pack from "{specifier}";\n'
        f"const calls = Array.from({{ length: {_HOST_WORKERS} }}, () => pack.{call});\n"
        'console.log("started");\nreturn await Promise.all(calls);'
    )


def stopped_by_deadline(specifier: str, call: str, inputs: dict[str, Any], timeout_ms: int = TIMEOUT_MS) -> None:
    result = run_body(hog(specifier, call), inputs=inputs, limits={"timeoutMs": timeout_ms})
    assert result.error is not None and result.error.rule == "timeout", result.error
    assert result.timings["run_ms"] < timeout_ms + 1000


def stopped_by_cancel(specifier: str, call: str, inputs: dict[str, Any], after_s: float = 0.3) -> None:
    """Cancelled `after_s` after the guest started the calls (each runs for seconds longer): mid-call."""
    cancel = CancelHandle()

    def on_log(line: str) -> None:
        if "started" in line:
            threading.Timer(after_s, cancel.cancel).start()

    result = run_body(hog(specifier, call), inputs=inputs, hooks=RunHooks(cancel=cancel, on_log=on_log))
    assert result.error is not None and result.error.rule == "cancelled", result.error


def next_run_is_served(code: str, **inputs: Any) -> Any:
    """The next run's ordinary call finishes within its own deadline: the workers were freed."""
    result = run_body(code, inputs=inputs, limits={"timeoutMs": TIMEOUT_MS})
    return ok(result)


def workers_called(monkeypatch: Any) -> list[HostWorker]:
    """The host workers that are handed a call from now on (in the order of their first call)."""
    called: list[HostWorker] = []
    real = HostWorker.call

    async def recording(self: HostWorker, *args: Any, **kwargs: Any) -> Any:
        if self not in called:
            called.append(self)
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(HostWorker, "call", recording)
    return called


def process_gone(pid: int) -> bool:
    """The process has exited (reaped, or a zombie its parent has not reaped yet): it runs no code."""
    import psutil  # here: the simulated platforms import this module where psutil cannot load

    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True
