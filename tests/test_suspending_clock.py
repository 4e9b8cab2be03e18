"""The suspending clock: time parked on a host prompt is not charged to `timeoutMs`, up to
`suspendAllowanceMs`; the engine's backstop ends a run at `timeoutMs + suspendAllowanceMs`, and a
runaway loop is still cut at `timeoutMs` of running time (reference: "The suspending clock")."""

from __future__ import annotations

import threading
import time

import pytest

from core import HostServices, RunServices, run_in_sandbox
from core import secrets_store as store
from core.bridges.base import WallClock
from core.errors import LimitsError
from core.limits import resolve_limits
from tests.conftest import ok


class Dialog:
    """A secret dialog the 'person' answers after `wait_s`, or never until `release()`."""

    def __init__(self, wait_s: float | None) -> None:
        self.wait_s = wait_s
        self.gone = threading.Event()

    def request_secret(self, name: str, reason: str) -> bool:
        if self.gone.wait(self.wait_s):  # nobody answered: the run ended meanwhile
            return False
        store.set_secret(name, "typed")
        return True

    def release(self) -> None:
        self.gone.set()


def run_with(dialog: Dialog, code: str, **limits):
    return run_in_sandbox(code, limits=limits, services=RunServices(host=HostServices(prompter=dialog)))


def test_default_allowance_is_thirty_minutes_and_zero_switches_suspension_credit_off():
    assert resolve_limits().suspendAllowanceMs == 30 * 60_000
    assert resolve_limits({"suspendAllowanceMs": 0}).suspendAllowanceMs == 0
    with pytest.raises(LimitsError, match="suspendAllowanceMs"):
        resolve_limits({"suspendAllowanceMs": -1})


def test_a_dialog_longer_than_the_timeout_is_not_charged(memory_keyring):
    dialog = Dialog(1.0)
    result = run_with(dialog, 'return await requestSecret("K", "needed")', timeoutMs=300)
    assert ok(result) is True


def test_work_after_the_dialog_is_still_charged_at_timeout_ms(memory_keyring):
    dialog = Dialog(0.6)
    started = time.monotonic()
    result = run_with(dialog, 'await requestSecret("K", "needed"); for (;;) {}', timeoutMs=300)
    elapsed = time.monotonic() - started
    assert result.error.rule == "timeout" and "limit timeoutMs" in result.error.message
    # 0.6 s parked + 0.3 s of running time; ended long before the default 30-minute allowance
    assert 0.85 < elapsed < 30, elapsed


def test_a_dialog_nobody_answers_ends_the_run_at_timeout_plus_allowance(memory_keyring, run):
    dialog = Dialog(None)
    started = time.monotonic()
    try:
        result = run_with(dialog, 'return await requestSecret("K", "needed")', timeoutMs=200, suspendAllowanceMs=400)
    finally:
        dialog.release()
    elapsed = time.monotonic() - started
    assert result.error.rule == "timeout", result.error
    assert "limit suspendAllowanceMs" in result.error.message and "limit timeoutMs" in result.error.message
    assert 0.55 < elapsed < 30, elapsed  # the backstop ended it: the dialog never answers
    assert ok(run("return 1 + 1")) == 2  # the host is alive, the next run healthy


def test_with_no_allowance_a_dialog_is_charged_like_work(memory_keyring):
    dialog = Dialog(None)
    try:
        result = run_with(dialog, 'return await requestSecret("K", "needed")', timeoutMs=200, suspendAllowanceMs=0)
    finally:
        dialog.release()
    assert result.error.rule == "timeout" and "suspendAllowanceMs" in result.error.message


def test_a_runaway_loop_is_cut_at_timeout_ms_whatever_the_allowance(run):
    started = time.monotonic()
    result = run("for (;;) {}", limits={"timeoutMs": 200, "suspendAllowanceMs": 60_000})
    assert result.error.rule == "timeout" and "suspendAllowanceMs" not in result.error.message
    assert time.monotonic() - started < 30  # cut long before the 60 s allowance


def test_nested_suspensions_count_once_and_the_credit_is_capped():
    clock = WallClock(1.0, allowance_s=0.2)
    with clock.suspended():
        with clock.suspended():
            time.sleep(0.05)
        time.sleep(0.05)
    credited = clock.deadline() - clock.started - 1.0
    assert 0.1 <= credited < 0.2 and not clock.allowance_spent()
    with clock.suspended():
        assert clock.watch_at() == pytest.approx(clock.started + 1.2)
        time.sleep(0.15)
    assert clock.allowance_spent()
    assert clock.deadline() == pytest.approx(clock.started + 1.2)  # the rest of the wait was charged


def test_many_short_suspensions_leave_the_watchdog_one_entry_and_the_run_collectable():
    """A stream of short takes re-arms nothing: the one watchdog entry follows the deadline."""
    import asyncio
    import gc

    from core.bridges.base import Op, Surface
    from core.engine import watchdog

    async def park(scope, ms):
        with scope.clock.suspended():
            await asyncio.sleep(ms / 1000)

    surface = Surface("park", {"park": Op(park)}, 'C.define("park", (ms) => C.call("park", ms));', ("park",))
    before = len(watchdog._heap)
    result = run_in_sandbox(
        "for (let i = 0; i < 300; i++) await park(1); return 1",
        limits={"timeoutMs": 5_000},
        services=RunServices(surfaces=[surface]),
    )
    assert ok(result) == 1
    assert len(watchdog._heap) - before <= 2
    gc.collect()
    # Every run here has ended: what is left in the heap keeps none of them alive.
    assert all(check() is None for _, _, check in list(watchdog._heap))
