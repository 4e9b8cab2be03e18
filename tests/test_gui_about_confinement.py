"""The About box says how host workers are confined, from what a real worker of this session reported."""

from __future__ import annotations

import sys

import pytest

from core.hostwork.client import ZYGOTE, HostWorker, host_worker_confinement
from gui.main_window import confinement_text

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the layers are Linux's")


def test_the_about_text_names_the_layers_a_real_worker_reported():
    ZYGOTE.prestart()
    HostWorker.spawn().kill()
    layers = host_worker_confinement()
    assert layers is not None and layers["missing"] == ""
    text = confinement_text(layers)
    assert "confined" in text and f"Landlock ABI {layers['landlock_abi']}" in text and "no network" in text


def test_a_missing_layer_is_said_not_hidden():
    text = confinement_text({"missing": "seccomp: libseccomp is not available", "landlock_abi": 0})
    assert "missing" in text and "libseccomp" in text and "confined" not in text
    assert "not started" in confinement_text(None)


def test_the_about_text_has_the_version_and_the_folders_of_this_installation(tmp_path, monkeypatch):
    from core import installation
    from gui.dialogs.about import facts_text

    monkeypatch.setenv("CORDON_HOME", str(tmp_path))
    text = facts_text(installation())
    assert "cordon-studio 0.1.0" in text and "Python 3." in text and str(tmp_path) in text
