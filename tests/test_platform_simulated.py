"""Cordon where POSIX is missing (Windows-like, `tests/platforms/windows_like.py`), in a child process.

The engine imports and runs; a workspace run, a host pack and a media preview are refused by their
rules (`workspace-unsupported-platform`, `host-worker-unsupported-platform`) with the host alive; the
studio builds its window offscreen; `cordon doctor` says host workers are not built there.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHIM = "import sys; sys.path.insert(0, 'tests/platforms'); import windows_like\n"


def _child(code: str, tmp_path: Path) -> dict:
    env = {
        "CORDON_HOME": str(tmp_path / "home"),
        "HOME": str(tmp_path),
        "QT_QPA_PLATFORM": "offscreen",
        "PATH": "/usr/bin:/bin",
    }
    done = subprocess.run(
        [sys.executable, "-c", SHIM + textwrap.dedent(code)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_engine_runs_and_what_needs_posix_is_refused_by_rule(tmp_path):
    (tmp_path / "ws").mkdir()
    report = _child(
        f"""
        import json
        from core import HostServices, RunServices, run_in_sandbox
        from tests.hostpacks import run_body

        plain = run_in_sandbox("return 1 + 1")
        ws = run_in_sandbox(
            "return await workspace.list('.')",
            services=RunServices(host=HostServices(workspace={str(tmp_path / "ws")!r})),
        )
        pack = run_body('import {{ parse }} from "@cordon/sandbox-csv"; return await parse("a\\\\n1");')
        after = run_in_sandbox("return 'alive'")
        print(json.dumps({{"plain": plain.result, "ws": ws.error.rule, "pack": pack.error.rule, "after": after.result}}))
        """,
        tmp_path,
    )
    assert report == {
        "plain": 2,
        "ws": "workspace-unsupported-platform",
        "pack": "host-worker-unsupported-platform",
        "after": "alive",
    }


def test_the_studio_builds_its_window_and_a_preview_is_refused_by_rule(tmp_path):
    report = _child(
        """
        import json
        from PySide6.QtWidgets import QApplication
        from core import SandboxRefusal, load_preview
        from gui.main_window import MainWindow
        from gui.settings import load_settings

        app = QApplication([])
        window = MainWindow(load_settings())
        try:
            load_preview(b"\\x89PNG\\r\\n\\x1a\\n" + bytes(40))
            rule = None
        except SandboxRefusal as exc:
            rule = exc.rule
        print(json.dumps({"title": window.windowTitle(), "preview": rule}))
        """,
        tmp_path,
    )
    assert report["title"] and report["preview"] == "host-worker-unsupported-platform"


def test_doctor_says_host_workers_are_not_built_there(tmp_path):
    report = _child(
        """
        import contextlib, io, json, sys
        from core.cli import main
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = main(["doctor", "--json"])
        print(json.dumps({"status": status, **json.loads(out.getvalue())}))
        """,
        tmp_path,
    )
    assert report["status"] == 1 and report["host_workers"]["missing"]
