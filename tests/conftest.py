"""Shared test setup: every test session runs against its own CORDON_HOME."""

from __future__ import annotations

import gc
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

# Before any core import: state, caches and packs must never touch a user's real dirs.
os.environ["CORDON_HOME"] = tempfile.mkdtemp(prefix="cordon-test-home-")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

from core import RunResult, run_in_sandbox


@pytest.fixture(scope="module", autouse=True)
def _qt_garbage_on_the_main_thread(request):
    """In a module with Qt tests, cycles are collected on the main thread only, as the studio does
    (gui/garbage.py): CPython collects in whichever thread allocates past its threshold, and a
    collection on a run's or the checker's thread that frees a closed window destroys its Qt
    objects off their thread, which can crash the event loop later (a segfault in pytest-qt's
    event processing, once in CI). The automatic collector is off for the module and one full
    collection on the main thread ends it."""
    if not any("qtbot" in item.fixturenames for item in request.session.items if item.module is request.module):
        yield
        return
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.collect()
        if was_enabled:
            gc.enable()


@pytest.fixture
def run():
    """run(code, **kw) -> RunResult, on the real engine."""

    def _run(code: str, **kwargs) -> RunResult:
        return run_in_sandbox(code, **kwargs)

    return _run


@pytest.fixture
def memory_keyring():
    """A real keyring backend isolated to the test (in memory), never the user's keyring."""
    import keyring

    from core import secrets_store
    from core.paths import data_dir
    from tests.memkeyring import MemoryKeyring

    previous = keyring.get_keyring()
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    (data_dir() / secrets_store.INDEX_NAME).unlink(missing_ok=True)
    try:
        yield backend
    finally:
        keyring.set_keyring(previous)
        (data_dir() / secrets_store.INDEX_NAME).unlink(missing_ok=True)


def ok(result: RunResult):
    """The result value of a run that must have succeeded (shows the error otherwise)."""
    assert result.ok, f"run failed: {result.error}"
    return result.result


#: A generous bound on waiting for another thread: never an assertion about speed.
WAIT_S = 20.0


def until(predicate: Callable[[], bool], what: str, timeout_s: float = WAIT_S) -> None:
    """Poll `predicate` until it holds (a condition another thread makes true), failing with `what` past the
    bound; for the wait itself, never a fixed sleep."""
    deadline = time.monotonic() + timeout_s
    while not predicate():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.005)


def refused(result: RunResult, rule: str, *words: str) -> str:
    """The message of a run that must have been refused by `rule`, naming each of `words` (the pack, the option...)."""
    assert not result.ok, f"expected a refusal ({rule}), got {result.result!r}"
    assert result.error is not None and result.error.rule == rule, result.error
    for word in words:
        assert word in result.error.message, result.error
    return result.error.message


@pytest.fixture
def worker_patch(monkeypatch):
    """`monkeypatch.setattr` for a module whose code runs in host workers: the patched module's
    functions go to the worker by value, with the patched globals (cloudpickle), instead of by name
    to the worker's own, unpatched import."""
    import cloudpickle

    registered = []

    def setattr(module, name, value):
        monkeypatch.setattr(module, name, value)
        if module not in registered:
            cloudpickle.register_pickle_by_value(module)
            registered.append(module)

    yield setattr
    for module in registered:
        cloudpickle.unregister_pickle_by_value(module)


@pytest.fixture
def fresh_zygote(monkeypatch):
    """`setenv(name, value)`: host workers see the changed environment (PATH...) from then on, and
    the real one again after the test. A worker's environment is its zygote's, so each change
    starts a new zygote."""
    from core.hostwork import client

    def restart():
        client.SPARE.stop()
        client.ZYGOTE.stop()

    def setenv(name, value):
        monkeypatch.setenv(name, value)
        restart()

    yield setenv
    monkeypatch.undo()
    restart()


@pytest.fixture
def body(tmp_path: Path) -> Callable[[str], str]:
    """Writes a body file for `cordon run` and gives its path (the CLI tests' one way to pass a body)."""

    def write(text: str) -> str:
        path = tmp_path / "body.js"
        path.write_text(text)
        return str(path)

    return write
