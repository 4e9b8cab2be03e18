"""A symlink swapped in between check and use never leads out of the workspace.

Three ways of racing: a hook that swaps at a chosen step of the resolution
(deterministic), a swap after resolution while the fds are held, and a thread
that keeps flipping a folder and a link while the guest reads and writes.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
from pathlib import Path

import pytest

from core import HostServices, RunServices, SandboxRefusal, run_in_sandbox
from core.bridges import fsguard
from core.bridges.fsguard import FsGuard
from tests.conftest import ok

OUTSIDE_TEXT = "OUTSIDE-SECRET"


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    """`sub/f.txt` exists both inside the workspace and in an outside twin folder."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "f.txt").write_text(OUTSIDE_TEXT)
    root = tmp_path / "ws"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "f.txt").write_text("inside")
    return root


def swap_for_link(path: Path, target: Path) -> None:
    path.rename(path.with_name(path.name + ".moved"))
    os.symlink(target, path)


class OsWithHook:
    """The real os module, except that `open` first runs `hook(name)`: a race at one step."""

    def __init__(self, hook) -> None:
        self._hook = hook

    def __getattr__(self, attr: str):
        return getattr(os, attr)

    def open(self, name, *args, **kwargs):
        self._hook(name)
        return os.open(name, *args, **kwargs)


def once_at(name: str, action):
    done = []

    def hook(opened) -> None:
        if opened == name and not done:
            done.append(True)
            action()

    return hook


def run_ws(code: str, root: Path):
    return run_in_sandbox(code, services=RunServices(host=HostServices(workspace=root)))


def test_folder_swapped_for_a_link_between_its_check_and_its_open(ws, monkeypatch):
    outside = ws.parent / "outside"
    monkeypatch.setattr(fsguard, "os", OsWithHook(once_at("sub", lambda: swap_for_link(ws / "sub", outside))))
    result = run_ws('return await workspace.read("sub/f.txt")', ws)
    assert not result.ok and result.error.rule == "workspace-symlink", result
    assert OUTSIDE_TEXT not in repr(result)


@pytest.mark.parametrize(
    "code",
    [
        'return await workspace.read("sub/f.txt")',
        'await workspace.write("sub/f.txt", "pwned")',
        'return await workspace.list("sub/f.txt")',
    ],
)
def test_file_swapped_for_a_link_after_it_was_resolved(ws, monkeypatch, code):
    outside = ws.parent / "outside"
    swap = once_at("f.txt", lambda: swap_for_link(ws / "sub" / "f.txt", outside / "f.txt"))
    monkeypatch.setattr(fsguard, "os", OsWithHook(swap))
    result = run_ws(code, ws)
    assert not result.ok and result.error.rule in ("workspace-symlink", "workspace-not-a-directory"), result
    assert OUTSIDE_TEXT not in repr(result)
    assert (outside / "f.txt").read_text() == OUTSIDE_TEXT


def test_link_swapped_back_for_a_folder_before_it_is_read_is_refused(ws, monkeypatch):
    """The flipping race, made deterministic: 'slot' is a link when stat'ed and a folder
    again when readlink runs (EINVAL), which is the same named refusal, never workspace-io."""
    outside = ws.parent / "outside"
    (ws / "sub").rename(ws / "parked")
    os.symlink(outside, ws / "sub")

    def readlink(name, *args, **kwargs):
        (ws / "sub").unlink()
        (ws / "parked").rename(ws / "sub")
        return os.readlink(name, *args, **kwargs)

    hooked = OsWithHook(lambda name: None)
    hooked.readlink = readlink
    monkeypatch.setattr(fsguard, "os", hooked)
    result = run_ws('return await workspace.read("sub/f.txt")', ws)
    assert not result.ok and result.error.rule == "workspace-symlink", result
    assert "stopped being a symbolic link" in result.error.message


def test_held_folder_fd_is_immune_to_a_later_swap(ws):
    """Resolution returns a folder fd: swapping the path afterwards changes nothing."""
    outside = ws.parent / "outside"
    guard = FsGuard(ws, host=False)
    with guard.locate("sub/f.txt") as loc:
        swap_for_link(ws / "sub", outside)
        fd = loc.open(os.O_RDONLY)
        try:
            assert os.read(fd, 100) == b"inside"
        finally:
            os.close(fd)


def test_final_name_swapped_after_resolution_is_refused(ws):
    outside = ws.parent / "outside"
    guard = FsGuard(ws, host=False)
    with pytest.raises(SandboxRefusal) as info, guard.locate("sub/f.txt") as loc:
        swap_for_link(ws / "sub" / "f.txt", outside / "f.txt")
        loc.open(os.O_RDONLY)
    assert info.value.rule == "workspace-symlink" and "'sub/f.txt'" in info.value.message


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts fds through /proc")
def test_fds_are_closed_after_each_call(ws):
    before = len(os.listdir("/proc/self/fd"))
    guard = FsGuard(ws, host=False)
    for path in ("sub/f.txt", "sub/../sub/f.txt", "missing/x", ".."):
        try:
            with guard.locate(path):
                pass
        except SandboxRefusal:
            pass
    assert len(os.listdir("/proc/self/fd")) == before


def test_a_thread_flipping_folder_and_link_never_leaks(ws):
    """The guest reads and writes through `slot` while a thread swaps it for a link out."""
    outside = ws.parent / "outside"
    slot, parked = ws / "slot", ws / "parked"
    (ws / "sub").rename(slot)
    stop = threading.Event()
    flips = [0]

    def flipper() -> None:
        while not stop.is_set():
            slot.rename(parked)
            with contextlib.suppress(FileExistsError):  # the guest's write made `slot` anew meanwhile
                os.symlink(outside, slot)
            while True:  # put the folder back, dropping the link or a `slot` the guest's write made
                try:
                    parked.rename(slot)
                    break
                except OSError:
                    if slot.is_symlink():
                        slot.unlink()
                    else:
                        shutil.rmtree(slot, ignore_errors=True)
            flips[0] += 1

    thread = threading.Thread(target=flipper, daemon=True)
    thread.start()
    code = """
      const seen = {};
      for (let i = 0; i < 400; i++) {
        try { const t = await workspace.read("slot/f.txt"); seen[t] = (seen[t] || 0) + 1; }
        catch (e) { seen[e.rule] = (seen[e.rule] || 0) + 1; }
        try { await workspace.write("slot/f.txt", "inside"); } catch (e) {}
      }
      return seen;
    """
    try:
        seen = ok(run_ws(code, ws))
    finally:
        stop.set()
        thread.join()
    assert OUTSIDE_TEXT not in seen
    assert set(seen) <= {"inside", "workspace-symlink", "workspace-not-found", "workspace-not-a-directory"}, seen
    assert (outside / "f.txt").read_text() == OUTSIDE_TEXT
    print(f"race: {flips[0]} flips, outcomes {seen}")
