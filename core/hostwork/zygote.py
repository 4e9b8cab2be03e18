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
import os
import signal
import socket
import sys
from typing import Any

from core.hostwork.confine import Prepared

#: What a worker's calls import, imported once here so that a fork has them. A module missing
#: from this environment is skipped (the call that needs it fails in the worker, as it would here).
PRELOAD = (
    "numpy",
    "PIL.Image",
    "PIL.ImageOps",
    "PIL.ImageEnhance",
    "PIL.ImageStat",
    "av",
    "skia",
    "bs4",
    "lxml.html",
    "markdownify",
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
    "sqlite3",
    "cloudpickle",
    "msgpack",
    "pyseccomp",
    "core.packs.host_registry",
    "core.bridges.image_ops",
    "core.bridges.audio_ops",
    "core.bridges.video_ops",
    "core.bridges.canvas_ops",
    "core.hostwork.worker",
)


def _preload() -> None:
    for name in PRELOAD:
        with contextlib.suppress(ImportError, OSError):
            importlib.import_module(name)
    from PIL import Image

    Image.init()  # every format plugin imported now, not in each worker
    importlib.import_module("core.packs.host_registry").registry()  # every host pack's module (by name: data)


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
    """The zygote's loop (see the module docstring)."""
    control = socket.socket(fileno=int(os.environ["CORDON_ZYGOTE_FD"]))
    _preload()
    prepared = Prepared.now()  # the allow-list and the compiled seccomp filter, once for every worker
    # Every object so far is permanent: a worker's garbage collections never walk (and so never
    # write, copying the page) the libraries' objects it shares with the zygote.
    gc.collect()
    gc.freeze()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the kernel reaps every worker as it exits
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the host's to handle, not ours
    control.sendall(json.dumps({"ready": True, "threads": _threads()}).encode() + b"\n")
    while True:
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
        pid = os.fork()
        if pid == 0:
            _serve_fork(control, request, fds[0], prepared)
        os.close(fds[0])
        control.sendall(json.dumps({"pid": pid}).encode() + b"\n")


if __name__ == "__main__":
    sys.exit(main())
