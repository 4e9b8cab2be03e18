"""Limits are the user's: a document may tighten them, never lift them on its own say-so.

`props.timeout: 0` in an untrusted `.node.json` ran `while(true){}` with no limit and no grant asked.
Switching a limit off or raising it past its default is now a grant like `allow_local_network`: the
command line names it (`--allow-raised-limits`), the user trusts the document, or it runs with the default.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.cli import main
from core.codenode.document import limits_for, read_document
from core.codenode.grants import RULE_NOT_TRUSTED, DocumentKey, Grants, strip_grants, trust
from tests.install_support import home

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]

ROOT = Path(__file__).resolve().parents[1]
CORDON = [sys.executable, "-c", "import sys; from core.cli import main; sys.exit(main())"]


def write_doc(folder: Path, body: str, **props: object) -> Path:
    path = folder / "arrived.node.json"
    path.write_text(json.dumps({"schemaVersion": 1, "body": body, "outputs": [{"name": "out"}], "props": props}))
    return path


def test_an_untrusted_document_cannot_switch_its_timeout_off(tmp_path):
    """A real `cordon node run`: refused before any guest starts, in a second, naming the flag."""
    path = write_doc(tmp_path, "while (true) {}", timeout=0)
    proc = subprocess.run(
        [*CORDON, "node", "run", str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert proc.returncode == 2, proc.stderr[-2000:]
    error = json.loads(proc.stdout)["error"]
    assert error["rule"] == RULE_NOT_TRUSTED
    assert "no timeout" in error["message"] and "--allow-raised-limits" in error["message"]


@pytest.mark.parametrize("props", [{"timeout": 0}, {"timeout": 31}, {"max_response_mb": 2}])
def test_raising_a_limit_needs_the_grant_and_runs_with_it(capsys, tmp_path, props):
    path = write_doc(tmp_path, 'await output("out", 1);', **props)
    assert main(["node", "run", str(path), "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["rule"] == RULE_NOT_TRUSTED
    assert main(["node", "run", str(path), "--json", "--allow-raised-limits"]) == 0
    assert json.loads(capsys.readouterr().out)["outputs"] == {"out": 1}


def test_a_trusted_document_keeps_its_limits(capsys, tmp_path):
    path = write_doc(tmp_path, 'await output("out", 1);', timeout=0)
    trust(DocumentKey.of(path, path.read_bytes()))
    assert main(["node", "run", str(path), "--json"]) == 0


def test_a_document_may_tighten_a_limit_without_asking(capsys, tmp_path):
    path = write_doc(tmp_path, "while (true) {}", timeout=1, max_response_mb=0.5)
    assert main(["node", "run", str(path), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["error"]["rule"] == "timeout"


def test_refused_raised_limits_fall_back_to_the_defaults(tmp_path):
    """What the studio runs when the person keeps the document's grants off."""
    doc = read_document(write_doc(tmp_path, "return 1", timeout=0, max_response_mb=50))[0]
    asked = Grants.requested_by(doc)
    assert asked.limits == ("timeout", "max_response_mb")
    assert any("no timeout" in line for line in asked.lines())
    limits = limits_for(strip_grants(doc, asked))
    assert (limits.timeoutMs, limits.fetchMaxBodyBytes) == (30_000, 1 << 20)
