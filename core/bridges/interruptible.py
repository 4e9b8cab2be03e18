"""Stopping one long library call on a host worker when its run is cancelled or out of time.

Host packs hand guest input to libraries that do all their work inside one call:
BeautifulSoup builds a 500,000-tag tree for ~5.7 s, markdownify converts it for ~12 s,
mammoth reads a Word document. Our own loops call `worker_check_alive()` every N steps
(`core/bridges/base.py`); a library's loops cannot be edited, so a stopped run kept one
of the four host workers (and the GIL, in pure Python) busy until the library was done,
and later runs' host calls queued behind the abandoned work.

`run_interruptible(fn, *args)` runs `fn` on the calling host worker and, while it runs,
lets one process-wide watcher thread (`_Watcher`, started on first use) look every
`POLL_S` at that call's run. Once the run is cancelled or past its deadline, the watcher
raises `_Interrupted`, a `BaseException` (a library's `except Exception` cannot swallow it),
in the worker thread with `PyThreadState_SetAsyncExc`; the wrapper turns it into the run's
own outcome (`RunCancelled`, or the `timeout` refusal of `RunScope.check_alive`).

Why an asynchronous exception and not a trace hook (`sys.settrace` on the worker, checking
every N 'call' events): on Python 3.11 any trace function switches the whole thread to the
unspecialised, traced interpreter, and calls a Python function per Python call. Measured
on a normal page (130 KB, 16,000 tags): BeautifulSoup's parse 124 -> 275 ms (2.2x) and
markdownify 170 -> 431 ms (2.5x), paid by every call. The watcher costs nothing while a
run is healthy (one sleeping thread, a lock and a set entry per call, ~10 us) and stops a
stopped run's call within `POLL_S` plus the time to the interpreter's next check (it
checks between bytecodes, at calls and loop back-edges; a long native call such as one
regex or libxml2 chunk finishes first).

Safety of the asynchronous exception, as used here:
* it is raised only while the call is registered: `_Call.interrupt` and `_Call.close` share
  a lock, and `close` (run when the call ends, however it ends) clears an exception that
  was raised but not yet delivered, so it can never land in the worker's next job;
* one is raised again only when the call still runs `REFIRE_S` after the last was delivered:
  that one was swallowed (Python ignores an exception raised in a finalizer, and a parse runs
  other objects' `__del__` all the time; or a bare `except BaseException`). The wrapper's own
  cleanup runs microseconds after a delivery, far inside that window, and retries its close;
* it arrives at a bytecode boundary of the library's Python code, like an exception from
  any function the library calls: `with` blocks and `finally` clauses run, so its locks
  and files are released. Whatever a stopped call returns is discarded (the call raises the
  run's outcome).
Nested calls are covered by the outermost one. Outside a host worker (a direct call in a
test, a CLI tool) `fn` simply runs.
"""

from __future__ import annotations

import ctypes
import functools
import logging
import threading
import time
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from core.bridges.base import RunScope, worker_scope
from core.errors import CordonError, RunCancelled

logger = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

#: How often the watcher looks at the runs of registered calls: how late past its deadline
#: or cancel a call is stopped, at most (plus the interpreter's next check).
POLL_S = 0.02


#: How long after an interrupt was delivered a call still running gets another one: the first was
#: swallowed, most often by a finalizer it landed in (Python ignores an exception raised in `__del__`,
#: and a parse that allocates runs other objects' finalizers all the time), or by a bare
#: `except BaseException`. Counted from the delivery, not the raise: a raised exception waits for a
#: long native call to return, and a second raise then would only replace it.
REFIRE_S = 0.25


class _Interrupted(BaseException):
    """Raised in a host worker by the watcher: the run of the library call it is in stopped.

    A BaseException so that a library's `except Exception` (or `except ValueError` around a
    parse) lets it through; `run_interruptible` turns it into the run's own outcome. Python
    makes the instance when the exception reaches a frame of the receiving thread, so its
    `__init__` marks the moment of delivery on that thread's call.
    """

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        call = getattr(_active, "call", None)
        if call is not None:
            call.delivered_at = time.monotonic()


#: PyThreadState_SetAsyncExc(thread id, exception class), called with the GIL held (PYFUNCTYPE);
#: declared here rather than by setting argtypes on `ctypes.pythonapi`'s shared function object.
_set_async_exc = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.c_ulong, ctypes.py_object)(
    ("PyThreadState_SetAsyncExc", ctypes.pythonapi)
)
#: The same function taking NULL, which withdraws an exception not yet delivered (a py_object(None)
#: would be raised as None instead).
_clear_async_exc = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p)(
    ("PyThreadState_SetAsyncExc", ctypes.pythonapi)
)


def _run_stopped(scope: RunScope) -> bool:
    try:
        scope.check_alive()
    except CordonError:
        return True
    return False


class _Call:
    """One library call in flight on one host worker thread."""

    __slots__ = ("_lock", "delivered_at", "done", "fired", "scope", "thread_id")

    def __init__(self, thread_id: int, scope: RunScope) -> None:
        self.thread_id = thread_id
        self.scope = scope
        self._lock = threading.Lock()
        self.done = False
        self.fired = False
        #: When the last interrupt reached the call's thread (None: raised and not delivered yet).
        self.delivered_at: float | None = None

    def interrupt(self) -> None:
        """From the watcher: raise `_Interrupted` in the call's thread if it still runs, unless one
        is on its way or was delivered less than `REFIRE_S` ago (the call is unwinding from it)."""
        with self._lock:
            if self.done:
                return
            if self.fired and (self.delivered_at is None or time.monotonic() - self.delivered_at < REFIRE_S):
                return
            self.fired = True
            self.delivered_at = None
            _set_async_exc(self.thread_id, _Interrupted)

    def close(self) -> None:
        """From the call's thread, when the call ended: no exception may arrive after this."""
        with self._lock:
            if self.fired and not self.done:
                _clear_async_exc(self.thread_id, None)
            self.done = True


class _Watcher:
    """One daemon thread for the process, polling while any call is registered."""

    def __init__(self) -> None:
        self._calls: set[_Call] = set()
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None

    def add(self, call: _Call) -> None:
        with self._changed:
            self._calls.add(call)
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name="cordon-interrupter", daemon=True)
                self._thread.start()
            self._changed.notify()

    def discard(self, call: _Call) -> None:
        with self._changed:
            self._calls.discard(call)

    def _loop(self) -> None:
        while True:
            with self._changed:
                while not self._calls:
                    self._changed.wait()
                # the wait doubles as the poll interval; add() wakes it early, which only looks sooner
                self._changed.wait(POLL_S)
                calls = list(self._calls)  # after the wait: a call added during it is looked at now
            for call in calls:
                if not call.done and _run_stopped(call.scope):
                    logger.debug("interrupting a host library call of a stopped run (thread %s)", call.thread_id)
                    call.interrupt()


_watcher = _Watcher()
#: Per thread: the call of this thread while it is registered (nested calls ride on it).
_active = threading.local()


def run_interruptible(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """`fn(*args, **kwargs)`, stopped with the run's outcome once the run is cancelled or timed out.

    For one long call into a library whose loops cannot check the run (see the module
    docstring); our own loops call `worker_check_alive()` instead, which costs less.
    """
    scope = worker_scope()  # this module is worker_check_alive's companion for work that cannot call it
    if scope is None or getattr(_active, "call", None) is not None:
        return fn(*args, **kwargs)
    scope.check_alive()
    call = _Call(threading.get_ident(), scope)
    try:
        try:
            _active.call = call
            _watcher.add(call)
            result = fn(*args, **kwargs)
        finally:
            _end(call)
    except _Interrupted:
        # delivered in the library (or in the cleanup above, before close took its lock)
        _end(call)
        scope.check_alive()
        raise RunCancelled() from None  # not reached: the watcher fires only for a stopped run
    if call.fired:  # the library swallowed the interrupt and ran on: its result is the stopped run's
        scope.check_alive()
    return result


def _end(call: _Call) -> None:
    """Unregister `call`. Closing it is retried if an interrupt lands in the close itself; once it is
    closed, none can arrive (a re-fire needs `REFIRE_S` after a delivery, which this outruns)."""
    while True:
        try:
            call.close()
            break
        except _Interrupted:
            continue
    _watcher.discard(call)
    _active.call = None


def interruptible(fn: Callable[P, T]) -> Callable[P, T]:
    """`fn`, every call of it run by `run_interruptible`: for a host pack's export table."""

    @functools.wraps(fn)
    def call(*args: P.args, **kwargs: P.kwargs) -> T:
        return run_interruptible(fn, *args, **kwargs)

    return call
