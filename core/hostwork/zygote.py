"""The zygote: one single-threaded process with the heavy libraries imported, forking host workers.

Why a zygote: a worker needs Pillow, NumPy, PyAV, Skia, lxml and the packs' libraries, which
take ~1 s to import; forking a process that already has them costs milliseconds. Why not fork
the engine process itself: it runs threads (the run loops, wasmtime's, the studio's), and a
fork copies only the calling thread, so a lock another thread held stays held forever in the
child. The zygote runs no threads and never touches a run's bytes: it only forks.

Started by the host (`core/hostwork/client.py`) as `python -m core.hostwork.zygote` (or the
bundle's own executable with `--cordon-host-zygote`) with one end of a unix socket pair as
`CORDON_ZYGOTE_FD`. Each request is a small JSON object (the worker's scratch folder and
limits) with the worker's end of a fresh socket pair attached (SCM_RIGHTS); the zygote forks,
the child confines itself (`core/hostwork/confine.py`) and serves that socket
(`core/hostwork/worker.py`), and the zygote answers `{"pid": ...}`. Children are reaped by the
kernel (SIGCHLD ignored); the zygote exits when the host's end closes, which the kernel does when
the host dies. (Not PR_SET_PDEATHSIG: it fires when the *thread* that started the zygote ends,
and the host starts it from whichever thread first needs it.)
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import json
import mimetypes
import os
import select
import signal
import socket
from collections.abc import Iterator
from typing import Any

from core.hostwork.confine import Prepared

#: What a worker's calls import, imported once here so that a fork has them. A module missing
#: from this environment is skipped (the call that needs it fails in the worker, as it would here).
PRELOAD = (
    # what every worker runs first: its loop, the wire, the bridges' base, every host pack's module
    "core.hostwork.worker",
    "cloudpickle",  # a call's pickle names cloudpickle's reconstructors: imported on a worker's first call otherwise
    "core.packs.host_registry",
    # then the libraries the calls need, most used first
    "PIL.Image",
    "bs4",
    "lxml.html",
    "markdownify",
    "numpy",
    "av",
    "skia",
    "openpyxl",
    "docx",
    "pptx",
    "mammoth",
    "ebooklib.epub",
    "fpdf",
    "pypdf",
    "dateparser",
    "tiktoken",
    "babel.numbers",
    "defusedxml.ElementTree",
    "core.bridges.image_ops",
    "core.bridges.audio_ops",
    "core.bridges.video_ops",
    "core.bridges.canvas_ops",
)


def _preloads() -> Iterator[None]:
    """Import one more of `PRELOAD` at each step (the zygote takes a step whenever it is idle)."""
    for name in PRELOAD:
        with contextlib.suppress(ImportError, OSError):
            module = importlib.import_module(name)
            if name == "core.packs.host_registry":
                module.registry()  # every host pack's module (imported by name: the list is data)
            elif name == "PIL.Image":
                module.init()  # every format plugin imported now, not in each worker
        yield


def _threads() -> int:
    return len(os.listdir("/proc/self/task"))


def _serve_fork(control: socket.socket, request: dict[str, Any], channel: int, prepared: Prepared) -> None:
    """In the forked child: become a worker on `channel`; never returns."""
    status = 1
    try:
        control.close()
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # a worker's subprocesses are its own to reap
        from core.hostwork import worker

        worker.serve(channel, request, prepared)
        status = 0
    finally:
        os._exit(status)


def main() -> None:
    """The zygote's loop (see the module docstring).

    It answers "ready" at once and forks a worker as soon as one is asked for; while idle, it imports
    the next library of `PRELOAD`. So a one-shot `cordon run` gets its first worker in ~0.1 s (the
    worker imports what its call needs), and the studio, which starts the zygote at launch, forks
    workers that have everything. Before each fork every object so far is made permanent
    (`gc.freeze`): a worker's garbage collections never walk, and so never write and copy, the
    pages it shares with the zygote.
    """
    control = socket.socket(fileno=int(os.environ["CORDON_ZYGOTE_FD"]))
    prepared = Prepared.now()  # the allow-list and the compiled seccomp filter, once for every worker
    # The system's MIME table is read here, unconfined: a confined worker cannot open /etc/mime.types, and
    # openpyxl and python-docx build a MimeTypes (which reads it) when a worker imports them itself.
    mimetypes.init()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the kernel reaps every worker as it exits
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the host's to handle, not ours
    control.sendall(json.dumps({"ready": True, "threads": _threads()}).encode() + b"\n")
    preloads: Iterator[None] | None = _preloads()
    while True:
        while preloads is not None and not select.select([control], [], [], 0)[0]:
            if next(preloads, StopIteration) is StopIteration:
                preloads = None
        try:
            message, fds, _flags, _addr = socket.recv_fds(control, 65536, 1)  # one request: the host waits
        except OSError:
            return
        if not message:
            return  # the host closed its end
        request = json.loads(message)
        if len(fds) != 1:
            for fd in fds:
                os.close(fd)
            control.sendall(json.dumps({"error": "a spawn request carries one socket"}).encode() + b"\n")
            continue
        gc.freeze()
        pid = os.fork()
        if pid == 0:
            _serve_fork(control, request, fds[0], prepared)
        os.close(fds[0])
        control.sendall(json.dumps({"pid": pid, "preloaded": preloads is None}).encode() + b"\n")


if __name__ == "__main__":
    main()
