"""`cordon doctor` reports the host workers' confinement, measured on a real worker of this machine."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the layers are Linux's")
CORDON = str(Path(sys.executable).parent / "cordon")


def test_doctor_reports_every_layer_of_a_real_worker_and_exits_0_when_all_hold():
    done = subprocess.run([CORDON, "doctor", "--json"], capture_output=True, text=True, timeout=120)
    report = json.loads(done.stdout)
    layers = report["layers"]
    assert report["missing"] == [] and done.returncode == 0, report
    for key in ("process_group", "user_namespace", "network_namespace", "no_new_privs", "rlimits", "seccomp"):
        assert layers[key] is True, key
    assert layers["landlock_abi"] >= 6
    assert report["worker_start_ms"] > 0 and report["round_trip_ms"] > 0


def test_doctor_in_words_names_each_layer():
    done = subprocess.run([CORDON, "doctor"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    for words in ("network namespace", "Landlock", "seccomp", "a worker starts in"):
        assert words in done.stdout
