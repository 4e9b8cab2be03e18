"""The engine's parts on their own: the epoch ticker, the wire format, the outcome table, typed
per-run bridge state, the guest's JavaScript files, and the one cancel refusal."""

from __future__ import annotations

import re
import threading
import time
from importlib import resources
from pathlib import Path

import pytest
import wasmtime

from core import CancelHandle, RunHooks, run_in_sandbox, ticker
from core.bridges import STANDARD
from core.bridges.base import HostServices, RunLocal, RunScope, WallClock
from core.engine import driver, guest_errors, outcomes, wire
from core.engine.results import RunResult
from core.errors import RunCancelled, SandboxRefusal
from core.guest import surface_js
from core.limits import resolve_limits
from core.packs.wasm.engines import new_worker_engine
from tests.conftest import ok


class _Owner:
    """Something a worker engine's ticking follows (weak-referenceable, as a pool's worker is)."""


def test_one_ticker_thread_advances_the_guest_engine_and_every_pack_wasm_engine():
    assert ok(run_in_sandbox("return 1")) == 1
    owner = _Owner()
    worker = new_worker_engine(owner)
    ticking = list(ticker._engines.values())
    assert driver.install().engine in ticking and worker in ticking
    assert [t.name for t in threading.enumerate()].count("cordon-epoch") == 1


def test_engines_whose_owner_is_gone_stop_being_ticked_and_are_freed_safely(monkeypatch):
    """Workers come and go while the ticker runs: each engine leaves the ticker with its owner,
    and is never freed while the ticker increments it. With engines held weakly this churn
    segfaults the interpreter (a finalizer runs before weak references are cleared)."""
    before = ticker.registered()

    def churn() -> None:
        for _ in range(2000):
            owner = _Owner()
            new_worker_engine(owner)
            del owner  # the worker is gone: its engine's last strong reference is the ticker's

    monkeypatch.setattr(ticker, "TICK_S", 0.0002)  # tick as often as the frees happen
    threads = [threading.Thread(target=churn) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    deadline = time.monotonic() + 30
    while ticker.registered() > before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert ticker.registered() == before
    assert ok(run_in_sandbox("return 2")) == 2


def test_a_reply_with_sidecar_items_hands_them_out_one_by_one():
    replies = wire.Replies()
    text, marked, sidecar = wire.refusal(SandboxRefusal("no (rule: x-rule)", rule="x-rule"))
    assert wire.decode_part(f"{marked}{text}", sidecar)["message"] == "no (rule: x-rule)"  # the rule is named once
    head = replies.pack('{"a":1}', 1, [b"one", "two"], ok=False)
    assert head == '01#1:2#{"a":1}'
    assert replies.take_side(wire.SIDE + "1") == b"one"
    assert replies.take_side(wire.SIDE + "1") == "two"
    for stray in ("1", "2", "-1", "x", "", "1" * 40):  # taken, never announced, or not a number: a named refusal
        with pytest.raises(SandboxRefusal) as refusal:
            replies.take_side(wire.SIDE + stray)
        assert refusal.value.rule == "guest-wire-protocol"
    assert replies.pack("[]", 0, []) == "10[]"
    assert wire.split_request("fetch\x010[1]") == ("fetch", "0[1]")


def _ending(exc: BaseException, **facts) -> outcomes.Ending:
    fields = {
        "limits": resolve_limits(),
        "stop_reason": None,
        "suspended_past_allowance": False,
        "near_memory_cap": False,
        "refusal": None,
        "sent_rules": frozenset(),
        "dynamic_import_lines": (),
    }
    return outcomes.Ending(exc=exc, **{**fields, **facts})


def test_the_outcome_table_names_each_ending_by_its_rule():
    overflow = guest_errors.StackOverflowError("RangeError", "Maximum call stack size exceeded", "at f (<module>:3)")
    assert (outcomes.classify(_ending(overflow)).rule, outcomes.classify(_ending(overflow)).line) == ("stack-limit", 3)
    # Near the memory cap an engine failure is memory, before what its message says.
    assert outcomes.classify(_ending(overflow, near_memory_cap=True)).rule == "memory-limit"
    assert outcomes.classify(_ending(guest_errors.DeadlockError("x"))).rule == "deadlock"
    assert outcomes.classify(_ending(guest_errors.InterruptError("x"), stop_reason="cancelled")).rule == "cancelled"
    timeout = outcomes.classify(_ending(guest_errors.InterruptError("x"), suspended_past_allowance=True))
    assert timeout.rule == "timeout" and "suspendAllowanceMs" in timeout.message
    refused = guest_errors.ModuleLoadError("ReferenceError", "could not load module 'x' (resolving module)")
    declared = SandboxRefusal("import 'x' is not declared", rule="module-not-declared")
    assert outcomes.classify(_ending(refused, refusal=declared)).rule == "module-not-declared"
    assert outcomes.classify(_ending(refused)).rule is None  # no refusal of the loader: the guest's own error
    assert outcomes.classify(_ending(RuntimeError("bug"))).rule == "host-error"


def test_a_guest_error_keeps_a_rule_only_the_host_sent_or_the_guest_owns():
    forged = guest_errors.JSError("Error", "boom", None, "memory-limit")
    assert outcomes.classify(_ending(forged)).rule is None
    assert outcomes.classify(_ending(forged, sent_rules=frozenset({"memory-limit"}))).rule == "memory-limit"
    assert outcomes.classify(_ending(guest_errors.JSError("EvalError", "no", None, "no-eval"))).rule == "no-eval"


def test_per_run_bridge_state_is_one_typed_value_per_run_and_slot():
    counter = RunLocal(lambda scope: [scope.limits.fetchMaxCalls])
    other = RunLocal(lambda scope: {"mine": True})

    def scope() -> RunScope:
        return RunScope(limits=resolve_limits(), cancel=CancelHandle(), clock=WallClock(None), services=HostServices())

    first, second = scope(), scope()
    counter.of(first).append(1)
    assert counter.of(first) == [resolve_limits().fetchMaxCalls, 1]
    assert counter.of(second) == [resolve_limits().fetchMaxCalls]  # another run starts fresh
    assert other.of(first) == {"mine": True}  # another slot of the same run


def test_every_guest_javascript_file_is_loaded_by_name_and_a_missing_placeholder_is_refused():
    shipped = {p.name for p in resources.files("core.guest").iterdir() if p.name.endswith(".js")}
    source = "".join(p.read_text(encoding="utf-8") for p in (Path(__file__).parents[1] / "core").rglob("*.py"))
    by_literal = set(re.findall(r'(?:surface_js|guest_source)\("([\w.]+\.js)"', source))
    by_declaration = {f"{declared.name}.js" for declared in STANDARD}  # a standard surface's file is its name
    assert by_literal | by_declaration == shipped and not by_literal & by_declaration
    for declared in STANDARD:
        assert declared.guest_js  # each one's file exists and its placeholders are filled
    with pytest.raises(KeyError, match="no placeholder"):
        surface_js("console.js", NOT_THERE="x")


def test_cancelled_runs_say_so_in_one_sentence_wherever_noticed():
    handle = CancelHandle()
    handle.cancel()
    early = run_in_sandbox("return 1", hooks=RunHooks(cancel=handle))
    assert (early.error.name, early.error.rule) == ("CancelledError", "cancelled")
    assert early.error.message == "the run was cancelled before it started"
    later = RunResult.cancelled().error
    assert (later.name, later.message, later.rule) == ("CancelledError", "the run was cancelled", "cancelled")
    assert RunCancelled().message == later.message


def test_a_vm_keeps_the_provisional_engine_ticked_after_the_process_moved_on():
    """A VM made while the process ran on Winch (the TypeScript checker's long-lived one) still has
    its epoch deadline after Cranelift's guest replaced the provisional one: the VM holds its guest,
    so the provisional Engine stays ticked until the VM is gone."""
    import gc

    from core.engine import guest_module
    from core.engine.driver import GuestVM, VMOptions
    from core.engine.templates import GuestTemplate

    final = driver.install()
    quick = wasmtime.Engine(guest_module.use_instance_pool(guest_module.quick_engine_config()))
    provisional = driver._Guest(quick, final.wasm, wasmtime.Module(quick, final.wasm), provisional=True)
    driver._guest = provisional  # (not monkeypatch: its undo list would keep the provisional guest alive)
    try:
        signature = (("__noop", False),)
        vm = GuestVM(
            GuestTemplate(len(provisional.initial_memory), [], signature),
            VMOptions({"__noop": (lambda: None, False)}, memory_limit=32 << 20),
        )
        vm.set_up(signature)
    finally:
        driver._guest = final  # the background compile finished
    del provisional
    gc.collect()
    assert quick in ticker._engines.values()
    vm.arm_epoch(0.2)
    with pytest.raises(wasmtime.Trap):  # the backstop fires inside an endless loop: nothing else stops it
        vm.eval_script("for (;;) {}", filename="spin.js")
    vm.close()
    del vm
    gc.collect()
    assert quick not in ticker._engines.values()
