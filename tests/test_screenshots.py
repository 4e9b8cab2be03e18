"""installer/screenshots.py still draws every screenshot the README shows.

The script runs as a person runs it (its own process, offscreen), into a temporary folder: each PNG is a
painted widget of the expected size, the dark variants are dark, and the README links every one of them.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageStat

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "installer" / "screenshots.py"
#: The main window's shots are taken at this size; dialogs at their own.
WINDOW_SIZE = (1360, 820)
WINDOWS = {"main-window", "main-window-dark", "main-window-stream", "inputs-editor", "quick-fixes", "quick-fixes-dark"}


def _names() -> list[str]:
    """The screenshots the script knows (its SHOTS table)."""
    listed = subprocess.run(
        [sys.executable, str(SCRIPT), "--list"], env=_env(), cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert listed.returncode == 0, listed.stderr
    return listed.stdout.split()


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    return {**env, "QT_QPA_PLATFORM": "offscreen"}


def _luma(image: Image.Image) -> float:
    return ImageStat.Stat(image.convert("L")).mean[0]


@pytest.mark.timeout(900)  # every shot in one process: ~2 minutes alone, several on a machine under load
def test_screenshots_py_draws_every_screenshot_offscreen(tmp_path):
    names = _names()
    assert {"main-window-dark", "inputs-editor", "quick-fixes", "secrets-setup"} <= set(names)
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--out", str(tmp_path)],
        env=_env(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=840,
    )
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{name}.png" for name in names)
    for name in names:
        with Image.open(tmp_path / f"{name}.png") as image:
            assert image.format == "PNG"
            if name in WINDOWS:
                assert image.size == WINDOW_SIZE, name
            else:
                assert image.size[0] >= 300 and image.size[1] >= 150, (name, image.size)
            assert len(image.convert("L").resize((64, 40)).getcolors(4096)) > 8, name  # painted, not blank
            assert (_luma(image) < 90) == name.endswith("-dark"), (name, _luma(image))


def test_the_readme_shows_every_screenshot():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\(docs/screenshots/([a-z-]+)\.png\)", readme))
    assert linked == set(_names())
    assert all((ROOT / "docs" / "screenshots" / f"{name}.png").is_file() for name in linked)
