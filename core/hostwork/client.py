"""The engine's side of host workers: the zygote, each worker process, and the spare.

`HostWorker.spawn()` forks a worker from the zygote (`Zygote`, started on first need) and waits
for its hello; `HostWorker.call` runs one function in it; `HostWorker.kill` kills its process
group and removes its scratch folder. A call still in flight when the awaiting op is stopped
(the run's deadline or cancel) kills the worker at once: its state is the stopped run's.
Which worker a run uses, and when it is killed, is `core/bridges/hostcalls.py`'s.

What crosses: `fn` and `args` go to the worker pickled (cloudpickle, so an op's closure goes
as it is); what comes back is read by `core/hostwork/wire.py` only: a size-capped msgpack frame
of plain values, or for a result bound for the guest its transport form, handed on undecoded.
A worker that dies mid-call is `host-worker-crashed`; one that sends anything the protocol does
not allow is `host-worker-protocol` and is killed; the run ends cleanly and the next run gets a
new worker.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import json
import logging
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

import cloudpickle

from core.errors import SandboxRefusal
from core.hostwork import FROZEN_FLAG, SINGLE_THREADED_ENV, check_platform, wire

logger = logging.getLogger(__name__)

#: How long a zygote may take to import its libraries, and a worker to confine itself and say hello.
ZYGOTE_START_S = 60.0
WORKER_HELLO_S = 10.0
#: Address space a worker may add to what the zygote's libraries mapped, until a run holds it to the
#: run's own `hostWorkerMemoryBytes` (a spare, a preview's worker).
WORKER_MEMORY_BYTES = 2 * 1024 * 1024 * 1024


#: How long after a spare is taken its successor is forked (see `_Spare._fill`).
REFILL_DELAY_S = 0.05


class HostWorkFailed(RuntimeError):
    """Host work raised something that is not a refusal: a bug of ours (the run reports host-error)."""


#: SIGKILL's number (POSIX: 9); the module imports where the name is missing, and kills only where fork exists.
_SIGKILL = getattr(signal, "SIGKILL", 9)
#: What a run is told when its worker is gone mid-call.
_ENDED = (
    "the host worker ended in the middle of its work (a crash in a parser or codec, or one of its "
    "limits: memory, CPU, files); the run stops here and the next run gets a new worker"
)


def _refusal(message: str, rule: str) -> SandboxRefusal:
    return SandboxRefusal(message, rule=rule, name="Error")


def _small_frame(channel: socket.socket) -> tuple[str, Any]:
    """One reply of at most 64 KiB, read blocking (a worker's hello, its warm-up answer)."""
    header = channel.recv(wire.HEADER.size, socket.MSG_WAITALL)
    return wire.reply_value(wire.decode(channel.recv(wire.frame_length(header, 65536), socket.MSG_WAITALL)))


def _warm() -> None:
    """A worker's first call, made by `HostWorker.spawn` (see there)."""


def _line(control: socket.socket) -> dict[str, Any]:
    """One JSON line from the zygote (its messages are one line each, and one is ever in flight)."""
    data = b""
    while not data.endswith(b"\n"):
        chunk = control.recv(4096)
        if not chunk:
            break
        data += chunk
    try:
        message = json.loads(data or b"{}")
    except ValueError:
        return {}
    return message if isinstance(message, dict) else {}


class Zygote:
    """The process workers are forked from, started on first need (or by `prestart`)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._control: socket.socket | None = None
        #: Threads the zygote had after its imports (it must have one to fork safely).
        self.threads = 0
        #: Whether the zygote had imported all of `PRELOAD` at its last fork (benchmarks wait for it).
        self.preloaded = False

    def _command(self) -> list[str]:
        if getattr(sys, "frozen", False):
            return [sys.executable, FROZEN_FLAG]
        return [sys.executable, "-m", "core.hostwork.zygote"]

    def _start(self) -> socket.socket:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        env = {**os.environ, **SINGLE_THREADED_ENV, "CORDON_ZYGOTE_FD": str(theirs.fileno())}
        started = time.perf_counter()
        self._process = subprocess.Popen(
            self._command(), pass_fds=(theirs.fileno(),), env=env, stdin=subprocess.DEVNULL, start_new_session=True
        )
        theirs.close()
        ours.settimeout(ZYGOTE_START_S)
        hello = _line(ours)
        ours.settimeout(None)
        if not hello.get("ready"):
            raise _refusal("the host-worker zygote did not start", "host-worker-crashed")
        self.threads = int(hello.get("threads", 0))
        if self.threads != 1:
            logger.warning("the host-worker zygote runs %d threads; it should run one", self.threads)
        logger.info("host-worker zygote started in %.0f ms", (time.perf_counter() - started) * 1000)
        self._control = ours
        return ours

    def _alive(self) -> socket.socket | None:
        if self._process is not None and self._process.poll() is None and self._control is not None:
            return self._control
        return None

    def prestart(self) -> None:
        """Start the zygote now (the studio does, in the background), not at the first host call."""
        with self._lock:
            if self._alive() is None:
                self._start()

    def spawn(self, scratch: str, memory: int, cpu: int | None) -> tuple[int, socket.socket]:
        """Fork one worker; (its pid, the host's end of its channel)."""
        with self._lock:
            control = self._alive() or self._start()
            ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                request = json.dumps({"scratch": scratch, "memory": memory, "cpu": cpu}).encode()
                socket.send_fds(control, [request], [theirs.fileno()])
                reply = _line(control)
            finally:
                theirs.close()
        pid = reply.get("pid")
        self.preloaded = reply.get("preloaded") is True
        if not isinstance(pid, int) or pid <= 0:
            ours.close()
            raise _refusal(
                f"the host-worker zygote could not start a worker: {reply.get('error')}", "host-worker-crashed"
            )
        return pid, ours

    def stop(self) -> None:
        """Stop the zygote (its workers die with it: PR_SET_PDEATHSIG)."""
        with self._lock:
            if self._control is not None:
                self._control.close()
                self._control = None
            if self._process is not None:
                self._process.kill()
                self._process.wait()
                self._process = None


ZYGOTE = Zygote()


class HostWorker:
    """One worker process: its channel, its pid (and pidfd), its scratch folder, its layers."""

    def __init__(self, pid: int, channel: socket.socket, scratch: str) -> None:
        self.pid = pid
        self.channel = channel
        self.scratch = scratch
        #: Linux: a handle on the process itself, so a signal can never reach a recycled pid.
        self.pidfd = os.pidfd_open(pid) if hasattr(os, "pidfd_open") else None
        self.layers: dict[str, Any] = {}
        self.dead = False
        #: How long the fork and the worker's confinement took, in ms.
        self.start_ms = 0.0
        self._turn = asyncio.Lock()

    @classmethod
    def spawn(cls) -> HostWorker:
        """Fork a worker from the zygote and wait for its hello (blocking: a thread's work)."""
        scratch = tempfile.mkdtemp(prefix="cordon-hostwork-")
        began = time.perf_counter()
        try:
            pid, channel = ZYGOTE.spawn(scratch, WORKER_MEMORY_BYTES, None)
        except BaseException:
            shutil.rmtree(scratch, ignore_errors=True)
            raise
        worker = cls(pid, channel, scratch)
        _LIVE.add(worker)
        try:
            channel.settimeout(WORKER_HELLO_S)
            kind, body = _small_frame(channel)
            if kind != "hello":
                raise wire.ProtocolError("the first frame is not a hello")
            # One call before any run's: a fresh fork's first call copies the pages it touches (reference
            # counts written) and warms the unpickle and reply paths; here that happens off the run's path.
            warm = cloudpickle.dumps((_warm, (), None, False))
            channel.sendall(wire.HEADER.pack(len(warm)) + warm)
            if _small_frame(channel)[0] != "ok":
                raise wire.ProtocolError("the warm-up call failed")
        except (OSError, wire.ProtocolError, ValueError) as exc:
            worker.kill()
            raise _refusal(f"a host worker did not start: {exc}", "host-worker-crashed") from None
        channel.setblocking(False)
        worker.layers = body
        global _last_layers
        _last_layers = dict(body)
        worker.start_ms = (time.perf_counter() - began) * 1000
        return worker

    async def _recv_exactly(self, size: int) -> bytes:
        loop = asyncio.get_running_loop()
        buffer = bytearray(size)
        view = memoryview(buffer)
        got = 0
        while got < size:
            n = await loop.sock_recv_into(self.channel, view[got:])
            if n == 0:
                raise _refusal(_ENDED, "host-worker-crashed")
            got += n
        return bytes(buffer)

    async def _read(self) -> tuple[str, Any]:
        try:
            length = wire.frame_length(await self._recv_exactly(wire.HEADER.size), wire.REPLY_MAX)
            return wire.reply_value(wire.decode(await self._recv_exactly(length)))
        except wire.ProtocolError as exc:
            self.kill()
            raise _refusal(f"the host worker broke the protocol: {exc}", "host-worker-protocol") from None

    async def call(
        self, fn: Callable[..., Any], args: tuple[Any, ...], deadline: float | None, *, for_guest: bool = False
    ) -> Any:
        """`fn(*args)` in the worker; killed (and the error raised) if the awaiting op is stopped.

        `for_guest`: the result is the guest's, and comes back as the worker encoded it for the
        guest's transport (`core.transport.Encoded`), never as Python objects.
        """
        payload = cloudpickle.dumps((fn, args, deadline, for_guest))
        async with self._turn:
            if self.dead:
                raise _refusal("the host worker of this run was stopped", "host-worker-crashed")
            try:
                await asyncio.get_running_loop().sock_sendall(self.channel, wire.HEADER.pack(len(payload)) + payload)
                kind, body = await self._read()
            except (BrokenPipeError, ConnectionResetError):
                self.kill()
                raise _refusal(_ENDED, "host-worker-crashed") from None
            except BaseException:
                self.kill()  # stopped mid-call (deadline, cancel) or broken: its state is the stopped run's
                raise
        if kind == ("encoded" if for_guest else "ok"):
            return body
        if kind == "refused":
            raise SandboxRefusal(str(body.get("message")), rule=str(body.get("rule")), name=str(body.get("name")))
        if kind == "failed":
            raise HostWorkFailed(f"{body.get('type')}: {body.get('message')}")
        self.kill()
        raise _refusal(f"the host worker answered a call with {kind!r}", "host-worker-protocol")

    def alive(self) -> bool:
        """Whether the process still runs (a spare dies with its zygote, unseen until asked)."""
        if self.dead:
            return False
        if self.pidfd is not None:
            return not select.select([self.pidfd], [], [], 0)[0]  # a pidfd is readable once it exited
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return False
        return True

    def kill(self) -> None:
        """Kill the worker's whole process group now, and remove its scratch folder.

        SIGKILL to the group (its helpers too) and to the process itself (its pidfd on Linux), even
        before its `setsid`; a killed process never runs again, so the folder can go at once. The zygote reaps it.
        """
        if self.dead:
            return
        self.dead = True
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, _SIGKILL)
        if self.pidfd is not None:
            with contextlib.suppress(ProcessLookupError):
                signal.pidfd_send_signal(self.pidfd, _SIGKILL)
            os.close(self.pidfd)
        else:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(self.pid, _SIGKILL)
        self.channel.close()
        shutil.rmtree(self.scratch, ignore_errors=True)
        _LIVE.discard(self)


#: The confinement the last worker reported (None: no worker has started in this process yet).
_last_layers: dict[str, Any] | None = None


def host_worker_confinement() -> dict[str, Any] | None:
    """The layers the last host worker of this process reported (`Layers.as_dict()`), or None.

    For the studio's About box; the studio starts a spare worker at launch, so it is known early.
    """
    return _last_layers


#: Workers not yet killed: killed when the engine process exits.
_LIVE: weakref.WeakSet[HostWorker] = weakref.WeakSet()


class _Spare:
    """One worker forked and confined ahead of need, so a run's first host call does not wait for it.

    Like a browser's spare renderer: taking it costs a limits call (~0.3 ms) instead of a fork
    and confinement (~10 ms); a new spare is forked in the background at once.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ready: HostWorker | None = None
        self._filler: threading.Thread | None = None

    def take(self) -> HostWorker | None:
        with self._lock:
            worker, self._ready = self._ready, None
        self.refill()
        if worker is not None and not worker.alive():
            worker.kill()  # its folder goes too
            return None
        return worker

    def refill(self) -> None:
        with self._lock:
            if self._ready is not None or self._filler is not None:
                return
            self._filler = threading.Thread(target=self._fill, name="cordon-hostwork-spare", daemon=True)
            self._filler.start()

    def _fill(self) -> None:
        # The run that took the spare is making its first call right now: forking its successor at the
        # same moment takes CPU and the GIL from it (2.1 ms for that call instead of ~0.6 on two cores).
        time.sleep(REFILL_DELAY_S)
        try:
            worker: HostWorker | None = HostWorker.spawn()
        except Exception:
            logger.warning("could not fork a spare host worker", exc_info=True)
            worker = None
        with self._lock:
            self._ready, self._filler = worker, None

    def stop(self) -> None:
        """Kill the spare, after a fork in progress ends (so none of an old zygote is kept)."""
        with self._lock:
            filler = self._filler
        if filler is not None:
            filler.join(ZYGOTE_START_S)
        with self._lock:
            worker, self._ready = self._ready, None
        if worker is not None:
            worker.kill()


SPARE = _Spare()


async def take_worker(memory_bytes: int, cpu_seconds: int | None) -> HostWorker:
    """A worker held to `memory_bytes` (beyond the libraries) and `cpu_seconds`: the spare, or a new
    fork. A spare that died while it waited (its zygote gone) is replaced by a new fork once, before
    the caller's work is at stake."""
    from core.hostwork.confine import lower_limits  # POSIX only (resource)

    limits = (memory_bytes, cpu_seconds)
    spare = SPARE.take()
    if spare is not None:
        try:
            await spare.call(lower_limits, limits, None)
            return spare
        except SandboxRefusal as exc:
            if exc.rule != "host-worker-crashed":
                raise
    worker = await asyncio.to_thread(HostWorker.spawn)
    await worker.call(lower_limits, limits, None)
    return worker


def call_alone(fn: Callable[..., Any], *args: Any, timeout_s: float) -> Any:
    """`fn(*args)` in a host worker of its own, killed after: host work that belongs to no run
    (the studio's previews of a run's media). Blocking; refused past `timeout_s` (rule `timeout`)."""
    check_platform()

    async def call() -> Any:
        worker = await take_worker(WORKER_MEMORY_BYTES, int(timeout_s) + 5)
        try:
            return await asyncio.wait_for(worker.call(fn, args, time.monotonic() + timeout_s), timeout_s)
        except TimeoutError:
            raise SandboxRefusal(f"the host work took longer than {timeout_s:g} s", rule="timeout") from None
        finally:
            worker.kill()

    return asyncio.run(call())


@atexit.register
def _shutdown() -> None:
    """The engine process is exiting: no worker, spare or zygote outlives it (nor their folders)."""
    SPARE.stop()
    for worker in list(_LIVE):
        worker.kill()
    ZYGOTE.stop()


def prestart() -> None:
    """Start the zygote and fork a spare worker now, so that no run waits for them."""
    ZYGOTE.prestart()
    SPARE.refill()
