"""No file a run can write is loaded as code or trusted state (docs/security.md).

Two halves: a workspace that overlaps any of Cordon's state folders is refused
before a guest exists (rule `workspace-contains-cordon-state`), and every cache
entry is loaded only if its bytes match the digest Cordon recorded, outside the
cache, when it wrote them. Real engine, real files, real processes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
import wasmtime

import core
from core import HostServices, RunServices, paths, run_in_sandbox
from core.cli import main
from core.engine import guest_module
from core.packs.compiler import COMPILER_VERSION, compile_npm
from core.packs.npm import probe
from tests import install_support
from tests.conftest import ok
from tests.gui_support import run_and_wait, set_body, window

home = install_support.home
memory_keyring = install_support.memory_keyring
__all__ = ["home", "memory_keyring", "window"]

RULE = "workspace-contains-cordon-state"
#: A body that leaves a mark if any of it runs.
MARKING = 'await workspace.write("pwned.txt", "guest code ran"); return 1'
REPO = Path(core.__file__).resolve().parents[1]


def assert_refused(result, folder: Path) -> None:
    assert not result.ok and result.error is not None
    assert result.error.rule == RULE, result.error
    assert "Cordon" in result.error.message and str(folder.resolve()) in result.error.message
    assert not list(folder.rglob("pwned.txt")), "guest code ran before the refusal"


def healthy(tmp_path_factory) -> None:
    """The next run, with a workspace of its own, works."""
    ws = tmp_path_factory.mktemp("ws")
    assert (
        ok(
            run_in_sandbox(
                'await workspace.write("a.txt", "x"); return await workspace.read("a.txt")',
                services=RunServices(host=HostServices(workspace=ws)),
            )
        )
        == "x"
    )


# -- a) a workspace that overlaps Cordon's state is refused --------------------------------------
@pytest.mark.parametrize(
    "where",
    [
        "home",  # equal to CORDON_HOME
        "parent",  # contains CORDON_HOME
        "data",
        "config",
        "cache",
        "installed-packs",  # inside the data folder
        "cache-npm",  # inside the cache folder
    ],
)
def test_workspace_overlapping_cordon_home_is_refused(home, where, tmp_path_factory):
    paths.data_dir(), paths.config_dir(), paths.cache_dir()
    folder = {
        "home": home,
        "parent": home.parent,
        "data": paths.data_dir(),
        "config": paths.config_dir(),
        "cache": paths.cache_dir(),
        "installed-packs": paths.data_dir() / "packs" / "@acme",
        "cache-npm": paths.cache_dir() / "npm",
    }[where]
    folder.mkdir(parents=True, exist_ok=True)
    assert_refused(run_in_sandbox(MARKING, services=RunServices(host=HostServices(workspace=folder))), folder)
    healthy(tmp_path_factory)


def test_a_symlink_or_another_spelling_of_the_cache_is_refused(home, tmp_path, tmp_path_factory):
    link = tmp_path / "innocent"
    link.symlink_to(paths.cache_dir(), target_is_directory=True)
    assert_refused(run_in_sandbox(MARKING, services=RunServices(host=HostServices(workspace=link))), paths.cache_dir())
    dotted = Path(str(paths.cache_dir()) + "/../cache/.")
    assert_refused(
        run_in_sandbox(MARKING, services=RunServices(host=HostServices(workspace=dotted))), paths.cache_dir()
    )
    healthy(tmp_path_factory)


def test_a_state_folder_not_created_yet_is_refused_too(tmp_path, monkeypatch, tmp_path_factory):
    """CORDON_HOME pointed inside a project before Cordon ever wrote there: the project is refused."""
    project = tmp_path / "project"
    project.mkdir()
    monkeypatch.setenv("CORDON_HOME", str(project / ".cordon"))
    assert_refused(run_in_sandbox(MARKING, services=RunServices(host=HostServices(workspace=project))), project)
    healthy(tmp_path_factory)


@pytest.mark.skipif(sys.platform != "linux", reason="XDG folders are the Linux layout of platformdirs")
def test_home_folder_workspace_is_refused_without_cordon_home(tmp_path, monkeypatch, tmp_path_factory):
    """The plain installation: state in ~/.local/share, ~/.config, ~/.cache; the home folder is refused."""
    user = tmp_path / "user"
    monkeypatch.delenv("CORDON_HOME")
    monkeypatch.setenv("HOME", str(user))
    for var, rel in (("XDG_DATA_HOME", ".local/share"), ("XDG_CONFIG_HOME", ".config"), ("XDG_CACHE_HOME", ".cache")):
        monkeypatch.setenv(var, str(user / rel))
    paths.cache_dir()
    assert paths.cache_dir() == user / ".cache" / "cordon"
    assert_refused(run_in_sandbox(MARKING, services=RunServices(host=HostServices(workspace=user))), user)
    healthy(tmp_path_factory)


def test_cordons_own_program_folder_is_refused(tmp_path_factory):
    """Python code and shipped packs are loaded too: a checkout or environment is not a workspace."""
    result = run_in_sandbox("return 1", services=RunServices(host=HostServices(workspace=REPO / "resources" / "packs")))
    assert not result.ok and result.error.rule == RULE
    result = run_in_sandbox("return 1", services=RunServices(host=HostServices(workspace=Path(sys.prefix))))
    assert not result.ok and result.error.rule == RULE
    healthy(tmp_path_factory)


def test_a_sibling_of_cordon_home_is_a_fine_workspace(home, tmp_path_factory):
    sibling = home.parent / "project"
    sibling.mkdir()
    assert (
        ok(
            run_in_sandbox(
                'await workspace.write("a.txt", "x"); return 1',
                services=RunServices(host=HostServices(workspace=sibling)),
            )
        )
        == 1
    )
    assert (sibling / "a.txt").read_text() == "x"


def test_cli_workspace_inside_cordon_state_is_refused(home, tmp_path, capsys):
    body = tmp_path / "body.js"
    body.write_text(MARKING)
    code = main(["run", str(body), "--workspace", str(paths.cache_dir()), "--json"])
    obj = json.loads(capsys.readouterr().out)
    assert code == 1 and obj["ok"] is False and obj["error"]["rule"] == RULE
    assert not (paths.cache_dir() / "pwned.txt").exists()
    ws = tmp_path / "ws"
    ws.mkdir()
    assert main(["run", str(body), "--workspace", str(ws), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True


def test_studio_workspace_inside_cordon_state_is_refused(qtbot, window):
    window.run_panel.set_workspace(paths.data_dir())
    set_body(window, 'await workspace.write("pwned.txt", "x");')
    outcome = run_and_wait(qtbot, window)
    assert not outcome.result.ok and outcome.result.error.rule == RULE
    assert not (paths.data_dir() / "pwned.txt").exists()
    window.run_panel.clear_workspace()
    set_body(window, 'await output("total", 1);')
    assert run_and_wait(qtbot, window).result.ok


# -- b) the precompiled engine module --------------------------------------------------------------
SCRIPT = """
import json
from core import run_in_sandbox
r = run_in_sandbox("return 6 * 7")
print(json.dumps({"ok": r.ok, "result": r.result, "error": r.error and r.error.message}))
"""


def fresh_process_run(home: Path) -> dict:
    """One run in a new process (the engine module is loaded once per process)."""
    env = {**os.environ, "CORDON_HOME": str(home)}
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, cwd=REPO, timeout=120
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.splitlines()[-1])


def cached_module(home: Path) -> Path:
    [cwasm] = (home / "cache").glob("quickjs-*.cwasm")
    return cwasm


def other_valid_module() -> bytes:
    """A module the engine would accept: same wasmtime, same engine settings, different code."""
    engine = wasmtime.Engine(guest_module.engine_config())
    return bytes(wasmtime.Module(engine, '(module (func (export "planted") (result i32) i32.const 7))').serialize())


@pytest.mark.parametrize("planted", ["other-valid-module", "garbage", "truncated"])
def test_tampered_precompiled_module_is_never_loaded(tmp_path, planted):
    home = tmp_path / "home"
    assert fresh_process_run(home)["result"] == 42
    cwasm = cached_module(home)
    genuine = cwasm.read_bytes()
    evil = {
        "other-valid-module": other_valid_module(),
        "garbage": os.urandom(4096),
        "truncated": genuine[: len(genuine) // 2],
    }[planted]
    cwasm.write_bytes(evil)
    assert fresh_process_run(home) == {"ok": True, "result": 42, "error": None}
    assert cached_module(home).read_bytes() != evil  # rebuilt from the shipped module
    assert fresh_process_run(home)["result"] == 42  # and the rebuilt file is accepted again


def test_precompiled_module_without_a_recorded_digest_is_recompiled(tmp_path):
    """A file planted in the cache before Cordon ever wrote one is not trusted either."""
    home = tmp_path / "home"
    assert fresh_process_run(home)["result"] == 42
    cwasm = cached_module(home)
    name = cwasm.name
    cwasm.write_bytes(other_valid_module())
    for record in (home / "data").rglob(f"{name}*"):
        record.unlink()
    assert fresh_process_run(home)["result"] == 42
    assert cached_module(home).read_bytes() != other_valid_module()


# -- c) compiled pack bundles ------------------------------------------------------------------------
def npm_pack(root: Path) -> Path:
    for rel, text in {"c/package.json": '{"name": "c", "version": "1.0.0"}', "c/index.js": "exports.v = 1;"}.items():
        path = root / "node_modules" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def imported_v(source: str):
    return ok(
        run_in_sandbox(
            'import { v } from "cordon-npm:probe"; return v;', services=RunServices(modules=probe._OneModule(source))
        )
    )


@pytest.mark.parametrize(
    "planted",
    [
        {"source": 'export const v = "tampered";', "exports": ["v"]},
        {"error": {"rule": "npm-module-too-large", "message": "planted"}},
    ],
)
def test_tampered_compiled_bundle_is_never_loaded(home, tmp_path, planted):
    pack = npm_pack(tmp_path / "pack")
    first = compile_npm(pack, "c")
    entry = paths.cache_dir() / "npm" / f"{first.digest}.json"
    assert entry.is_file()
    entry.write_bytes(orjson.dumps({"compiler_version": COMPILER_VERSION, **planted}))
    again = compile_npm(pack, "c")  # neither the planted source nor the planted skip
    assert again == first and "tampered" not in again.source
    assert imported_v(again.source) == 1
    assert b"tampered" not in entry.read_bytes() and b"planted" not in entry.read_bytes()
    assert compile_npm(pack, "c") == first


def test_compiled_bundle_planted_before_cordon_wrote_it_is_ignored(home, tmp_path):
    pack = npm_pack(tmp_path / "pack")
    first = compile_npm(pack, "c")
    entry = paths.cache_dir() / "npm" / f"{first.digest}.json"
    for record in paths.data_dir().rglob(f"{entry.name}*"):
        record.unlink()
    entry.write_bytes(
        orjson.dumps({"compiler_version": COMPILER_VERSION, "source": 'export const v = "tampered";', "exports": ["v"]})
    )
    assert compile_npm(pack, "c") == first


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_cache_entry_that_is_not_a_regular_file_is_a_miss_not_a_hang(home, tmp_path):
    """A cache folder in a shared place may hold anything: a FIFO or a link is skipped, unread."""
    pack = npm_pack(tmp_path / "pack")
    first = compile_npm(pack, "c")
    entry = paths.cache_dir() / "npm" / f"{first.digest}.json"
    entry.unlink()
    os.mkfifo(entry)
    assert compile_npm(pack, "c") == first
    genuine = tmp_path / "genuine.json"
    genuine.write_bytes(entry.read_bytes())
    entry.unlink()
    entry.symlink_to(genuine)
    assert compile_npm(pack, "c") == first
    assert not entry.is_symlink()  # replaced by Cordon's own file again
