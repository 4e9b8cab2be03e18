"""Per-run workspace quotas and the run's deadline inside loops over files.

Real engine, real files. Quotas count what a run writes and creates; the deadline
test checks what a folder copy left behind once the run timed out, not how long it took.
"""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from core import CancelHandle, HostServices, RunServices, SandboxRefusal, resolve_limits, run_in_sandbox
from core.bridges.base import RunScope, WallClock
from core.bridges.workspace import SURFACE
from core.limits import CEILINGS, MB, SandboxLimits
from tests.conftest import ok, until


def run_ws(code: str, root: Path, **limits):
    return run_in_sandbox(code, limits=limits or None, services=RunServices(host=HostServices(workspace=root)))


def refused(result, rule: str) -> str:
    assert not result.ok, f"expected a refusal ({rule}), got {result.result!r}"
    assert result.error.rule == rule, result.error
    return result.error.message


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    (root / "src.bin").write_bytes(b"s" * 600)
    return root


def test_quota_defaults_and_ceilings():
    limits = SandboxLimits()
    assert (limits.workspaceMaxBytesWritten, limits.workspaceMaxFilesCreated) == (1024 * MB, 10_000)
    raised = resolve_limits({"workspaceMaxBytesWritten": 10**15, "workspaceMaxFilesCreated": 10**9})
    assert raised.workspaceMaxBytesWritten == CEILINGS["workspaceMaxBytesWritten"] == 16 * 1024 * MB
    assert raised.workspaceMaxFilesCreated == CEILINGS["workspaceMaxFilesCreated"] == 100_000


def test_bytes_written_are_capped_per_run(ws):
    limits = {"workspaceMaxBytesWritten": 1000}
    message = refused(
        run_ws(
            'await workspace.write("a.txt", "x".repeat(600));await workspace.writeBytes("b.bin", new Uint8Array(600))',
            ws,
            **limits,
        ),
        "workspace-quota-bytes",
    )
    assert "'b.bin'" in message and "workspaceMaxBytesWritten (1000)" in message
    assert (ws / "a.txt").stat().st_size == 600 and not (ws / "b.bin").exists()
    # Overwriting counts too; a copy counts the bytes it writes and is refused before creating anything.
    refused(
        run_ws(
            'await workspace.write("a.txt", "y".repeat(600)); await workspace.write("a.txt", "z".repeat(600))',
            ws,
            **limits,
        ),
        "workspace-quota-bytes",
    )
    assert (ws / "a.txt").read_text() == "y" * 600
    refused(
        run_ws('await workspace.copy("src.bin", "c1.bin"); await workspace.copy("src.bin", "c2.bin")', ws, **limits),
        "workspace-quota-bytes",
    )
    assert (ws / "c1.bin").read_bytes() == b"s" * 600 and not (ws / "c2.bin").exists()
    # The quota is per run: the next run starts from zero.
    ok(run_ws('await workspace.write("d.txt", "x".repeat(1000)); return 1', ws, **limits))


def test_bytes_quota_holds_under_concurrent_writes(ws):
    code = """
      const results = await Promise.allSettled(
        Array.from({length: 20}, (_, i) => workspace.write(`p/${i}.txt`, "x".repeat(100))));
      return results.filter(r => r.status === "fulfilled").length;
    """
    assert ok(run_ws(code, ws, workspaceMaxBytesWritten=1000)) == 10
    assert sum(f.stat().st_size for f in (ws / "p").iterdir()) == 1000


def test_files_created_are_capped_per_run(ws):
    limits = {"workspaceMaxFilesCreated": 3}
    # "d/e.txt" makes a folder and a file, mkdir one more: the fourth entry is refused.
    message = refused(
        run_ws(
            'await workspace.write("d/e.txt", "x"); await workspace.mkdir("f");await workspace.write("g.txt", "x")',
            ws,
            **limits,
        ),
        "workspace-quota-files",
    )
    assert "'g.txt'" in message and "workspaceMaxFilesCreated: 3" in message
    assert (ws / "d" / "e.txt").exists() and (ws / "f").is_dir() and not (ws / "g.txt").exists()
    # Replacing a file creates nothing; parent folders made on the way are counted before they exist.
    ok(run_ws('for (let i = 0; i < 5; i++) await workspace.write("d/e.txt", String(i)); return 1', ws, **limits))
    refused(
        run_ws('await workspace.write("h/i/j/k.txt", "x")', ws, workspaceMaxFilesCreated=2), "workspace-quota-files"
    )
    assert (ws / "h" / "i").is_dir() and not (ws / "h" / "i" / "j").exists()


def test_folder_copy_and_mkdir_count_every_entry(ws):
    tree = ws / "tree"
    for d in range(3):
        (tree / f"d{d}").mkdir(parents=True)
        for f in range(3):
            (tree / f"d{d}" / f"f{f}.txt").write_text("x")
    # The copy makes 1 + 3 folders and 9 files: 13 entries.
    ok(run_ws('await workspace.copy("tree", "c13", {recursive: true}); return 1', ws, workspaceMaxFilesCreated=13))
    refused(
        run_ws('await workspace.copy("tree", "c12", {recursive: true})', ws, workspaceMaxFilesCreated=12),
        "workspace-quota-files",
    )
    assert sum(len(dirs) + len(files) for _, dirs, files in os.walk(ws / "c12")) == 11  # + c12 itself = 12
    refused(run_ws('await workspace.mkdir("m/n/o")', ws, workspaceMaxFilesCreated=2), "workspace-quota-files")
    refused(
        run_ws('await workspace.copy("tree", "c0", {recursive: true})', ws, workspaceMaxBytesWritten=8),
        "workspace-quota-bytes",
    )


def test_zero_quota_makes_the_workspace_read_only(ws):
    limits = {"workspaceMaxBytesWritten": 0, "workspaceMaxFilesCreated": 0}
    assert ok(run_ws('return (await workspace.readBytes("src.bin")).length', ws, **limits)) == 600
    refused(run_ws('await workspace.write("src.bin", "x")', ws, **limits), "workspace-quota-bytes")
    refused(run_ws('await workspace.mkdir("m")', ws, **limits), "workspace-quota-files")
    refused(run_ws('await workspace.write("e.txt", "")', ws, **limits), "workspace-quota-files")
    assert sorted(p.name for p in ws.iterdir()) == ["src.bin"]


def _settled_count(folder: Path) -> int:
    """Files under `folder` once nothing has been added for a while (host work may outlive the run)."""
    count, stable_since, give_up = -1, time.monotonic(), time.monotonic() + 30
    while time.monotonic() < give_up:
        now = sum(len(files) for _, _, files in os.walk(folder))
        if now != count:
            count, stable_since = now, time.monotonic()
        elif time.monotonic() - stable_since > 0.5:
            return count
        time.sleep(0.05)
    return count


def test_a_folder_copy_stops_at_the_deadline(ws):
    """Before: the copy went on writing every file in its worker thread after the run timed out."""
    total = 4000
    tree = ws / "tree"
    for d in range(40):
        (tree / f"d{d}").mkdir(parents=True)
        for f in range(total // 40):
            (tree / f"d{d}" / f"f{f}.bin").write_bytes(b"x" * 16384)
    ok(run_ws("return 1", ws))  # the process's first run pays one-time setup; this one must reach the copy
    result = run_ws('await workspace.copy("tree", "copy", {recursive: true}); return 1', ws, timeoutMs=150)
    refused(result, "timeout")
    # How far it got depends on the machine's load (none at all on a busy one); that it stopped
    # is the point. The deterministic test below shows each loop step checks the deadline.
    copied = _settled_count(ws / "copy")
    assert copied < total, f"all {total} files were copied after the run timed out"
    assert ok(run_ws('return (await workspace.list(".")).includes("tree")', ws))  # the next run is healthy


@pytest.mark.parametrize(
    ("op", "args"),
    [
        ("workspace.remove", ("tree", {"recursive": True})),
        ("workspace.copy", ("tree", "copy", {"recursive": True})),
    ],
)
def test_loops_over_files_check_the_deadline_and_cancel_on_every_step(ws, op, args):
    """Deterministic: the op starts after its run's deadline (or cancel) already passed, as when
    the run times out while the op is in its worker thread. It stops before touching a file."""
    tree = ws / "tree"
    (tree / "d").mkdir(parents=True)
    for f in range(50):
        (tree / "d" / f"f{f}").write_text("x")
    expired = WallClock(0.001)
    until(lambda: expired.remaining() == 0, "the 1 ms deadline to pass")
    cancelled = CancelHandle()
    cancelled.cancel()
    for clock, cancel, rule in [(expired, CancelHandle(), "timeout"), (WallClock(None), cancelled, "cancelled")]:
        scope = RunScope(limits=resolve_limits(), cancel=cancel, clock=clock, services=HostServices(workspace=ws))
        with pytest.raises(SandboxRefusal) as caught:
            asyncio.run(SURFACE.ops[op].fn(scope, *args))
        assert caught.value.rule == rule
        assert sum(len(files) for _, _, files in os.walk(tree)) == 50
        if op == "workspace.copy" and (ws / "copy").exists():  # at most its folder, and nothing in it
            (ws / "copy").rmdir()
