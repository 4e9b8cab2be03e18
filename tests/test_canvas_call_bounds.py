"""One canvas drawing call is bounded, and the replay checks the run before each: a run of costly
dashed strokes stops at its deadline and the next run is served (before, the replay checked every
256 calls and one dashed stroke took up to 1.7 s, so a 3 s run returned at 9.7 s)."""

from __future__ import annotations

import psutil
import pytest

from core import run_in_sandbox
from core.bridges.canvas_ops import MAX_DASH_SEGMENTS, MAX_DASHES, MAX_PATH_WORK
from tests.conftest import ok, refused

TIMEOUT_MS = 1500
#: A diagonal whose [1, 1] dashes number just under MAX_DASHES: ~0.1 s a stroke with round caps.
ALLOWED_DIAGONAL = int(MAX_DASHES * 2 * 0.9 / 2**0.5)


def render(body: str, width: int = 1000, height: int = 1000) -> str:
    return f"""
      const ctx = createCanvas({width}, {height}).getContext("2d");
      {body}
      return await ctx.canvas.toBytes();
    """


def test_costly_strokes_stop_at_the_deadline_and_the_next_run_is_served():
    """Four canvases of 200 allowed dashed strokes each (~20 s of drawing apiece, fewer than 256
    calls), rendered at once: the run ends at its deadline, not after the strokes."""
    strokes = f"""
      ctx.lineWidth = 4; ctx.lineCap = "round"; ctx.setLineDash([1, 1]);
      ctx.beginPath(); ctx.moveTo(0, 0); ctx.lineTo({ALLOWED_DIAGONAL}, {ALLOWED_DIAGONAL});
      for (let i = 0; i < 200; i++) ctx.stroke();"""
    code = f"""
      const canvases = Array.from({{ length: 4 }}, () => {{
        const ctx = createCanvas(1000, 1000).getContext("2d");{strokes}
        return ctx.canvas;
      }});
      return await Promise.all(canvases.map((c) => c.toBytes()));
    """
    rss = psutil.Process().memory_info().rss
    result = run_in_sandbox(code, limits={"timeoutMs": TIMEOUT_MS})
    assert result.error is not None and result.error.rule == "timeout", result.error
    assert result.timings["run_ms"] < TIMEOUT_MS + 1000
    assert psutil.Process().memory_info().rss - rss < 200 * 1024 * 1024  # the drawing was the worker's
    small = render("ctx.fillRect(0, 0, 5, 5);", 10, 10)
    assert ok(run_in_sandbox(small, limits={"timeoutMs": TIMEOUT_MS}))[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("body", "rule", "words"),
    [
        (
            "ctx.setLineDash([1, 1]); ctx.beginPath(); ctx.moveTo(0, 0); ctx.lineTo(1e6, 1e6); ctx.stroke();",
            "canvas-dash-too-many",
            ("stroke", str(MAX_DASHES)),
        ),
        (
            "ctx.setLineDash([0.001, 0.001]); ctx.strokeRect(0, 0, 900, 900);",
            "canvas-dash-too-many",
            ("strokeRect",),
        ),
        (
            'ctx.font = "200px serif"; ctx.setLineDash([0.01, 0.01]); ctx.strokeText("dashes", 0, 500);',
            "canvas-dash-too-many",
            ("strokeText",),
        ),
        (
            f"ctx.setLineDash(Array({MAX_DASH_SEGMENTS + 1}).fill(1));",
            "canvas-dash-too-long",
            (str(MAX_DASH_SEGMENTS),),
        ),
        (
            "ctx.beginPath(); for (let i = 0; i < 3000; i++) ctx.ellipse(500, 500, 400, 300, 0, 0, 7); ctx.fill();",
            "canvas-path-too-large",
            ("fill", str(MAX_PATH_WORK)),
        ),
    ],
    ids=["dashed stroke", "dashed strokeRect", "dashed strokeText", "long pattern", "large path"],
)
def test_one_costly_call_is_refused_by_name(body, rule, words):
    refused(run_in_sandbox(render(body), limits={"timeoutMs": 5000}), rule, *words)


def test_ordinary_dashes_and_paths_still_draw():
    body = """
      ctx.setLineDash([5, 5]); ctx.beginPath(); ctx.moveTo(0, 10); ctx.lineTo(1000, 10); ctx.stroke();
      ctx.strokeRect(10, 10, 900, 900); ctx.font = "40px serif"; ctx.strokeText("dashes", 100, 500);
      ctx.setLineDash([]); ctx.beginPath();
      for (let i = 0; i < 500; i++) ctx.lineTo(i * 2, 500 + 400 * Math.sin(i / 10));
      ctx.stroke(); ctx.fill(); ctx.clip();
    """
    assert ok(run_in_sandbox(render(body), limits={"timeoutMs": 5000}))[:4] == b"\x89PNG"
