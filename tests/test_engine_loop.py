"""A thread's runs share one event loop (core/engine/run.py `_thread_loop`); nothing a run left
scheduled on it may run during a later run."""

from __future__ import annotations

import asyncio

from core import RunServices, Surface, run_in_sandbox
from core.bridges.base import Op
from tests.conftest import ok


def test_work_a_run_left_behind_never_runs_in_the_next_one():
    happened: list[str] = []

    async def late() -> None:
        await asyncio.sleep(0.05)
        happened.append("the first run's leftover ran")

    def spawn(scope) -> str:
        asyncio.get_running_loop().create_task(late())  # a bridge bug: work nobody awaits
        return "spawned"

    leaky = Surface(
        "leaky",
        {"leaky.spawn": Op(spawn, sync=True)},
        'C.define("spawn", () => C.callSync("leaky.spawn"));',
        ("spawn",),
    )
    assert ok(run_in_sandbox("return spawn()", services=RunServices(surfaces=(leaky,)))) == "spawned"
    # The next run on this thread turns the same loop for longer than the leftover needed.
    assert ok(run_in_sandbox("await sleep(150); return 'slept'")) == "slept"
    assert happened == []
