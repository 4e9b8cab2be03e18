"""A host worker's side: confine this forked process, then run the host's calls one at a time.

Each call arrives as a frame holding a pickle of `(function, args, deadline, for_guest)` from the
host (`core/hostwork/client.py`); the function runs with `worker_check_alive()` answering from the
deadline (the host kills the worker at its run's deadline or cancel anyway, this only lets a
loop that checks end with the run's own timeout message first). Its result or refusal goes back
as a msgpack frame (`core/hostwork/wire.py`); a result `for_guest` (a host pack's) goes encoded as
the guest's transport takes it, here, so the engine hands it on instead of decoding it into
Python objects and encoding those again (a 5 MB csv's 153k rows: ~0.3 s of the engine's time).
The first frame a worker sends is `hello`, the confinement layers that hold in it.
"""

from __future__ import annotations

import logging
import os
import pickle
import socket
import tempfile
import time
from typing import Any

from core import transport
from core.errors import SandboxRefusal
from core.hostwork import set_call_deadline, wire
from core.hostwork.confine import Limits, Prepared, confine

logger = logging.getLogger(__name__)

#: The largest call frame a worker reads (the host's own caps keep calls far below it).
CALL_MAX = 1024 * 1024 * 1024


def _recv_exactly(channel: socket.socket, size: int) -> bytes | None:
    chunks = bytearray()
    while len(chunks) < size:
        chunk = channel.recv(min(size - len(chunks), 1 << 20))
        if not chunk:
            return None
        chunks += chunk
    return bytes(chunks)


def _reply(call: tuple[Any, tuple[Any, ...], float | None, bool]) -> bytes:
    fn, args, deadline, for_guest = call
    set_call_deadline(deadline)
    try:
        if for_guest:
            text, marked, sidecar = transport.encode(fn(*args), where="reply")
            return wire.encode({"encoded": [text, marked, sidecar]})
        return wire.encode({"ok": fn(*args)})
    except SandboxRefusal as exc:
        return wire.encode({"refused": {"message": exc.message, "rule": exc.rule, "name": exc.name}})
    except MemoryError:  # its address-space limit: the run asked for more host memory than a worker has
        message = (
            "the host work needed more memory than the run's host worker may use (limit hostWorkerMemoryBytes); "
            "give it smaller input, or raise the limit"
        )
        return wire.encode({"refused": {"message": message, "rule": "host-worker-memory", "name": "RangeError"}})
    except BaseException as exc:  # a bug of ours: the host reports host-error (this log goes to /dev/null)
        logger.exception("host work failed")
        return wire.encode({"failed": {"type": type(exc).__name__, "message": str(exc)[:2000]}})
    finally:
        set_call_deadline(None)


def serve(fd: int, request: dict[str, Any], prepared: Prepared) -> None:
    """Confine, say hello, then answer calls until the host closes the channel."""
    channel = socket.socket(fileno=fd)
    devnull = os.open(os.devnull, os.O_RDWR)
    for std in (0, 1, 2):  # a parser's output goes nowhere: the host's terminal is not the worker's
        os.dup2(devnull, std)
    os.close(devnull)
    scratch = str(request["scratch"])
    os.environ["TMPDIR"] = tempfile.tempdir = scratch
    began = time.perf_counter()
    layers = confine(scratch, Limits(memory_bytes=int(request["memory"]), cpu_seconds=request.get("cpu")), prepared)
    os.chdir(scratch)
    confine_us = int((time.perf_counter() - began) * 1e6)
    channel.sendall(wire.encode({"hello": {**layers.as_dict(), "confine_us": confine_us}}))
    while True:
        header = _recv_exactly(channel, wire.HEADER.size)
        if header is None:
            return
        (length,) = wire.HEADER.unpack(header)
        if length > CALL_MAX:
            return
        payload = _recv_exactly(channel, length)
        if payload is None:
            return
        channel.sendall(_reply(pickle.loads(payload)))
