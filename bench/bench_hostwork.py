"""Host workers: what a confined, killable process per run costs, beside the in-process thread it replaced.

    python bench/bench_hostwork.py               # every row
    BENCH_SCALE=0.3 python bench/bench_hostwork.py

Rows, all in one run on the same functions:
* worker start: a fork from the zygote, confinement and hello (`HostWorker.spawn`), and what a run
  pays when the spare is ready (take it and lower its limits: one call);
* round trip: a call that does nothing, in a worker, and in a host thread (`in_worker_thread`, the
  path every host pack call took before host workers);
* csv (5 MB), html (a 130 KB page to Markdown), image (a 2048x2048 PNG resized to 512 and
  re-encoded), audio (10 s of WAV decoded and re-encoded): each through a worker (after: the
  bytes go in, the result comes back over the wire as Python values) and on a host thread (before);
* csv and html "for the guest": what a host pack's call costs up to the reply the guest takes: in a
  worker, the result encoded for the guest's transport there and handed on undecoded
  (`in_host_worker_for_guest`), against a host thread plus the transport encoding the engine then
  did on its loop (the rows above leave that out on both sides, though only the thread pays it now);
* csv 5 MB end to end: a body that parses `inputs.csv` with the shipped csv pack and returns the
  row count (`run_in_sandbox` under a 512 MB guest heap: inputs in, the guest's JSON.parse of the
  rows, the run's own worker taken from the spare), the pack's call in the worker, and on a host
  thread as before.
The two sides of a row take turns, sample by sample (the order swapped each time), so load that
comes and goes falls on both; the work rows also print the CPU time each side spent (this process
and the worker), which load disturbs less than wall time. Numbers, not assertions.
"""

from __future__ import annotations

import asyncio
import io
import math
import os
import struct
import sys
import tempfile
import time
import wave
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CORDON_HOME", tempfile.mkdtemp(prefix="cordon-bench-"))

import psutil
from timing import stats

from core import RunServices, run_in_sandbox, transport
from core.bridges import audio_ops, hostcalls, image_ops
from core.bridges.base import HostServices, RunScope, WallClock, in_worker_thread
from core.bridges.hostcalls import in_host_worker, in_host_worker_for_guest
from core.cancel import CancelHandle
from core.hostwork.client import SPARE, ZYGOTE, HostWorker
from core.limits import resolve_limits
from core.packs import Catalog, PackRoot, host_registry, resolve_body
from core.packs.host import csv as csv_pack
from core.packs.host import html as html_pack
from core.packs.roots import SHIPPED_DIR

SCALE = float(os.environ.get("BENCH_SCALE", "1"))


def n(count: int) -> int:
    return max(3, int(count * SCALE))


def _scope() -> RunScope:
    return RunScope(limits=resolve_limits(), cancel=CancelHandle(), clock=WallClock(None), services=HostServices())


def _csv() -> str:
    rows = ["id,name,score,city"] + [f"{i},name {i},{i * 0.37:.2f},city {i % 97}" for i in range(160_000)]
    text = "\n".join(rows)
    return text[: 5 * 1024 * 1024 - 1024]


def _html() -> str:
    items = "".join(f"<li><a href='/p/{i}'>item <b>{i}</b></a> with <i>some</i> text</li>" for i in range(1600))
    return f"<html><body><h1>Title</h1><p>Intro text</p><ul>{items}</ul></body></html>"


def _png() -> bytes:
    from PIL import Image

    im = Image.effect_mandelbrot((2048, 2048), (-2, -1.5, 1, 1.5), 100).convert("RGB")
    out = io.BytesIO()
    im.save(out, "PNG")
    return out.getvalue()


def _wav(seconds: float = 10.0, rate: int = 44_100) -> bytes:
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(b"".join(struct.pack("<h", int(8000 * math.sin(i / 20))) for i in range(int(seconds * rate))))
    return out.getvalue()


def _resize(data: bytes) -> Any:
    im = image_ops.decode(data, "bench").resize((512, 512))
    return image_ops._Encoding({"format": "png"}, "bench").encode(im)


def _audio(data: bytes) -> Any:
    return audio_ops.encode_wav(audio_ops.decode(data, "bench"), "bench")


def _noop() -> int:
    return 1


async def _timed(call: Any, count: int) -> list[float]:
    out = []
    for _ in range(count):
        began = asyncio.get_running_loop().time()
        await call()
        out.append((asyncio.get_running_loop().time() - began) * 1000)
    return out


def _cpu_ms(scope: RunScope) -> float:
    """CPU time of this process and of the run's worker so far, in ms (a benchmark may look at the
    run's worker): under load a call's wall time is mostly its wait for a core, its CPU time is not."""
    spent = time.process_time()
    worker = hostcalls._RUN_WORKER.of(scope).worker
    if worker is not None and not worker.dead:
        used = psutil.Process(worker.pid).cpu_times()
        spent += used.user + used.system
    return spent * 1000


async def _paired(after: Any, before: Any, count: int, scope: RunScope) -> tuple[list[float], ...]:
    """Wall and CPU ms of two calls taken in turn, the order swapped each time (load falls on both
    alike): (wall after, wall before, cpu after, cpu before)."""
    times: tuple[list[float], ...] = ([], [], [], [])
    for at in range(count):
        for side in (0, 1) if at % 2 == 0 else (1, 0):
            cpu = _cpu_ms(scope)
            times[side].extend(await _timed((after, before)[side], 1))
            times[side + 2].append(_cpu_ms(scope) - cpu)
    return times


def _compare(name: str, after: list[float], before: list[float], *cpu: list[float]) -> None:
    _row(f"{name}, worker", after)
    _row(f"{name}, host thread (before)", before)
    ratio = f"{stats(after)[0] / stats(before)[0]:>10.2f}x"
    if cpu:  # CPU ms of the host process and the worker, median of each side
        ratio += (
            f"   cpu {stats(cpu[0])[0]:.0f} / {stats(cpu[1])[0]:.0f} ms = {stats(cpu[0])[0] / stats(cpu[1])[0]:.2f}x"
        )
    print(f"{'':<44} {ratio}")


async def _thread_for_guest(scope: RunScope, fn: Any, *args: Any) -> tuple[str, int, list[bytes | str]]:
    """The host thread path of a host pack call up to its reply: the work, then the engine's encoding."""
    return transport.encode(await in_worker_thread(scope, fn, *args), where="reply")


CSV_BODY = """import { parse } from "@nodetool-ai/sandbox-csv";
const rows = await parse(inputs.csv);
return rows.length;"""
#: The guest's 153k row objects need more than the default 64 MB heap: the largest a run may ask.
CSV_LIMITS = {"memoryLimitBytes": 512 * 1024 * 1024}


def _csv_run(text: str, in_worker: bool) -> float:
    """Milliseconds of one run of `CSV_BODY`; its pack's call in the run's worker or on a host thread."""
    resolution = resolve_body(CSV_BODY, catalog=Catalog([PackRoot(SHIPPED_DIR, "shipped")]))
    assert resolution is not None and resolution.ok
    services = RunServices(modules=resolution.modules, surfaces=resolution.surfaces)
    host_registry.in_host_worker_for_guest = in_host_worker_for_guest if in_worker else in_worker_thread  # type: ignore[assignment]
    try:
        began = time.perf_counter()
        result = run_in_sandbox(CSV_BODY, services=services, inputs={"csv": text}, limits=CSV_LIMITS)
        took = (time.perf_counter() - began) * 1000
    finally:
        host_registry.in_host_worker_for_guest = in_host_worker_for_guest
    assert result.ok and result.result > 150_000, result.error
    return took


def _row(name: str, samples: list[float], unit: str = "ms") -> None:
    median, p90 = stats(samples)
    scale = 1000 if unit == "us" else 1
    print(f"{name:<44} {median * scale:>10.3f} {p90 * scale:>10.3f} {unit}")


async def main() -> None:
    ZYGOTE.prestart()
    while not ZYGOTE.preloaded:  # the zygote imports its libraries while idle: measure forks of a full one
        (await asyncio.to_thread(HostWorker.spawn)).kill()
        await asyncio.sleep(0.2)
    print(f"{'row':<44} {'median':>10} {'p90':>10}")
    starts = []
    for _ in range(n(30)):
        worker = await asyncio.to_thread(HostWorker.spawn)
        starts.append(worker.start_ms)
        worker.kill()
    _row("worker start: fork + confine + hello", starts)

    takes = []
    for _ in range(n(30)):
        SPARE.refill()
        while SPARE._ready is None:  # a benchmark may look: it waits for the spare, as a run would not
            await asyncio.sleep(0.005)
        scope = _scope()
        began = asyncio.get_running_loop().time()
        await in_host_worker(scope, _noop)
        takes.append((asyncio.get_running_loop().time() - began) * 1000)
        scope.end()
    _row("a run's first host call, spare ready", takes)

    scope = _scope()
    await in_host_worker(scope, _noop)
    _row("round trip, worker", await _timed(lambda: in_host_worker(scope, _noop), n(500)), "us")
    _row("round trip, host thread (before)", await _timed(lambda: in_worker_thread(scope, _noop), n(500)), "us")

    text, page, png, wav = _csv(), _html(), _png(), _wav()
    work = [
        ("csv parse, 5 MB", csv_pack.parse, (text,)),
        ("html to Markdown, 130 KB", html_pack.to_markdown, (page,)),
        ("image resize 2048->512 + PNG", _resize, (png,)),
        ("audio 10 s WAV decode + encode", _audio, (wav,)),
    ]
    for name, fn, args in work:
        _compare(
            name,
            *await _paired(
                lambda f=fn, a=args: in_host_worker(scope, f, *a),
                lambda f=fn, a=args: in_worker_thread(scope, f, *a),
                n(10),
                scope,
            ),
        )
    for name, fn, args in work[:2]:
        _compare(
            f"{name}, for the guest",
            *await _paired(
                lambda f=fn, a=args: in_host_worker_for_guest(scope, f, *a),
                lambda f=fn, a=args: _thread_for_guest(scope, f, *a),
                n(10),
                scope,
            ),
        )
    scope.end()
    runs: tuple[list[float], list[float]] = ([], [])
    for at in range(n(10)):
        for side in (0, 1) if at % 2 == 0 else (1, 0):
            runs[side].append(await asyncio.to_thread(_csv_run, text, side == 0))
    _compare("csv 5 MB end to end (run_in_sandbox)", *runs)


if __name__ == "__main__":
    asyncio.run(main())
