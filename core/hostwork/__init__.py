"""Host workers: the host work a run triggers on bytes it controls runs in a confined, killable process.

Every host pack call, `image.*`, `audio.*`, `video.*` and canvas rendering parse or decode what a
run hands them with native and Python libraries (Pillow, FFmpeg, Skia, libxml2, pypdf, ...). Such
work runs in the run's host worker (`client.in_host_worker`): a process forked from a zygote
(`zygote.py`) that confines itself before it runs anything (`confine.py`, `landlock.py`), answers
in a typed, capped wire format (`wire.py`), and is killed with its whole process group when its
run ends, times out or is cancelled. The engine process keeps only what needs the user's powers:
workspace files (fsguard), fetch (netguard), secrets, the asset store. docs/security.md, "Host
workers", says what each layer stops and what is still trusted.
"""

import os
import threading
import time

from core.errors import SandboxRefusal

#: The bundle's executables start the zygote when given this as their only argument (`zygote.main`).
FROZEN_FLAG = "--cordon-host-zygote"
#: Libraries that start thread pools on import are held to one thread: the zygote must have none.
SINGLE_THREADED_ENV = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}

_call = threading.local()


def set_call_deadline(deadline: float | None) -> None:
    """In a worker: the deadline (`time.monotonic()`, shared by every process) of the call it runs."""
    _call.deadline = deadline


def call_past_deadline() -> bool:
    """In a worker: whether the call it runs is past its run's deadline (False anywhere else)."""
    deadline: float | None = getattr(_call, "deadline", None)
    return deadline is not None and time.monotonic() >= deadline


def check_platform() -> None:
    """Refuse host work where no host worker can be made (no fork: Windows), rather than run it here."""
    if not hasattr(os, "fork"):
        raise SandboxRefusal(
            "host work (packs, image, audio, video, canvas, previews) runs only in a confined host worker, "
            "which Cordon does not build on this platform yet (docs/security.md, Host workers)",
            rule="host-worker-unsupported-platform",
        )
