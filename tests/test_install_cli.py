"""`cordon packs install|remove|trust`: consent on the command line."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

from core.cli import main
from core.packs.roots import installed_dir
from tests import install_support
from tests.install_support import install_area

# Shared fixtures (pytest finds them as attributes of this module).
home = install_support.home
memory_keyring = install_support.memory_keyring
registry = install_support.registry
pytestmark = pytest.mark.usefixtures("home")


def test_install_needs_explicit_consent(registry, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    registry.publish_fixture("packs/scripted-pack")
    assert main(["packs", "install", "scripted-pack", "--registry", registry.url]) == 1
    out, err = capsys.readouterr()
    assert "scripts never run" in out and "network via fetch" in out and "consent was not given" in err
    assert not (installed_dir() / "scripted-pack").exists() and install_area()["staging"] == []

    assert main(["packs", "install", "scripted-pack@^1", "--registry", registry.url, "--yes", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["installed"] and report["request"]["installMode"] == "scripts never run"
    assert report["request"]["lifecycleScripts"] == ["preinstall", "install", "postinstall"]
    assert (installed_dir() / "scripted-pack" / "package.json").is_file()

    assert main(["packs", "trust", "scripted-pack"]) == 0
    assert main(["packs", "trust"]) == 0
    assert "scripted-pack: trusted" in capsys.readouterr().out
    assert main(["packs", "remove", "scripted-pack"]) == 0
    assert not (installed_dir() / "scripted-pack").exists()


def test_refusals_exit_1_naming_the_rule(registry, capsys):
    registry.publish_fixture("packs/host-pack")
    assert main(["packs", "install", "host-pack", "--registry", registry.url, "--yes", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["error"]["rule"] == "host-code-refused" and not report["installed"]
    assert main(["packs", "remove", "nothing-here"]) == 1
    assert "pack-not-installed" in capsys.readouterr().err


def _install_on_a_terminal(registry, home: Path, *flags: str, source: str = "scripted-pack") -> tuple[int, str, str]:
    """Run `cordon packs install` with stderr on a real pseudo-terminal: (status, stdout, terminal text)."""
    main_fd, term_fd = pty.openpty()
    code = "import sys\nfrom core.cli import main\nsys.exit(main(sys.argv[1:]))"
    proc = subprocess.run(
        [sys.executable, "-c", code, "packs", "install", source, "--registry", registry.url, "--yes", *flags],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=term_fd,
        env={**os.environ, "CORDON_HOME": str(home)},
        timeout=120,
        cwd=Path(__file__).resolve().parents[1],
        check=False,
    )
    os.close(term_fd)
    chunks = []
    while select.select([main_fd], [], [], 0.2)[0]:
        try:
            data = os.read(main_fd, 65536)
        except OSError:  # the terminal's other end is closed
            break
        if not data:
            break
        chunks.append(data)
    os.close(main_fd)
    return proc.returncode, proc.stdout.decode(), b"".join(chunks).decode()


def test_install_progress_redraws_one_line_on_a_terminal_and_is_silent_under_json(registry, home):
    registry.publish_fixture("packs/scripted-pack")
    status, out, terminal = _install_on_a_terminal(registry, home)
    assert status == 0 and "installed scripted-pack@1.0.0" in out
    assert "\r\x1b[Kscripted-pack: download " in terminal and "bytes" in terminal
    assert "resolve 0" not in terminal  # each phase names what it counts; resolving counts nothing
    assert "\n" not in terminal.replace("\r\n", "\n").rstrip("\n") and terminal.endswith("\r\x1b[K")
    main(["packs", "remove", "scripted-pack"])
    status, out, terminal = _install_on_a_terminal(registry, home, "--json")
    assert status == 0 and json.loads(out)["installed"] and terminal == ""


def test_install_progress_names_every_phase_of_an_npm_library_on_a_terminal(registry, home):
    """Resolve, download, extract, compile and probe each show on stderr's terminal."""
    registry.publish_file("js-yaml-4.1.0.tgz")
    registry.publish_file("argparse-2.0.1.tgz")
    status, out, terminal = _install_on_a_terminal(registry, home, source="npm:js-yaml")
    assert status == 0 and "installed js-yaml@4.1.0" in out, out
    shown = [line.split(": ", 1)[1] for line in terminal.split("\r\x1b[K") if line.startswith("js-yaml: ")]
    phases = list(dict.fromkeys(line.split()[0] for line in shown))
    assert phases == ["resolve", "dependencies", "download", "extract", "compile", "probe"], phases
    # (a first run's one-time engine notice may follow the probe line on the same row)
    assert "compile 0/1 modules" in shown and any(line.startswith("probe 0/1 modules") for line in shown)
    # the row is cleared when the install ends (a new home's engine compile may then say it is finishing)
    assert terminal.split("cordon: compiling")[0].endswith("\r\x1b[K")


def test_trusting_a_pack_that_is_not_installed_is_refused(capsys):
    assert main(["packs", "trust", "never-installed"]) == 1
    assert "pack-not-installed" in capsys.readouterr().err
    assert main(["packs", "trust", "never-installed", "--revoke"]) == 1
    assert main(["packs", "trust"]) == 0 and "never-installed" not in capsys.readouterr().out


class _TerminalAtEndOfFile:
    """stdin as a terminal on which the user pressed Ctrl+D at the prompt."""

    def isatty(self) -> bool:
        return True

    def readline(self, *args: object) -> str:
        return ""


def test_ctrl_d_at_the_consent_prompt_cancels_and_leaves_no_staging(registry, capsys, monkeypatch):
    """Ctrl+D printed `internal error: EOFError` and left the staging folder."""
    registry.publish_fixture("packs/scripted-pack")
    monkeypatch.setattr("sys.stdin", _TerminalAtEndOfFile())
    assert main(["packs", "install", "scripted-pack", "--registry", registry.url]) == 1
    out, err = capsys.readouterr()
    assert "Install it? [y/N]" in out
    assert "cancelled, nothing installed" in err
    assert "internal error" not in err and "EOFError" not in err
    assert not (installed_dir() / "scripted-pack").exists() and install_area()["staging"] == []
