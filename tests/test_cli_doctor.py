"""`cordon doctor` reports the host workers' confinement, measured on a real worker of this machine."""

from __future__ import annotations

import json
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the layers are Linux's")
CORDON = str(Path(sys.executable).parent / "cordon")


def _env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "CORDON_HOME": str(tmp_path)}


def test_doctor_reports_every_layer_of_a_real_worker_and_exits_0_when_all_hold(tmp_path):
    done = subprocess.run([CORDON, "doctor", "--json"], capture_output=True, text=True, timeout=120, env=_env(tmp_path))
    report = json.loads(done.stdout)
    workers = report["host_workers"]
    assert workers["missing"] == [] and done.returncode == 0, report
    for key in ("process_group", "user_namespace", "network_namespace", "no_new_privs", "rlimits", "seccomp"):
        assert workers["layers"][key] is True, key
    assert workers["layers"]["landlock_abi"] >= 6
    assert workers["worker_start_ms"] > 0 and workers["round_trip_ms"] > 0
    # what a bug report needs, beside the confinement
    assert report["version"].startswith("cordon-studio ") and report["python"] == platform.python_version()
    assert report["folders"]["data"].startswith(str(tmp_path))
    assert report["secrets"] in ("ready", "locked", "missing") and isinstance(report["guest_compiled"], bool)
    store = report["secret_store"]  # where secrets are kept: a keyring by name, or Cordon's file by its path
    assert store["kind"] in ("keyring", "encrypted-file", "none") and store["label"]
    if store["kind"] != "keyring":
        assert store["path"].startswith(str(tmp_path))
    assert report["fonts"]["shipped_present"] is True
    assert report["tesseract"] == shutil.which("tesseract")


def test_doctor_in_words_names_each_layer(tmp_path):
    done = subprocess.run([CORDON, "doctor"], capture_output=True, text=True, timeout=120, env=_env(tmp_path))
    assert done.returncode == 0, done.stderr
    for words in ("network namespace", "Landlock", "seccomp", "a worker starts in", "tesseract", "data:", "secrets: "):
        assert words in done.stdout
