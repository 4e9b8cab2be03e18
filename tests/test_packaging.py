"""Installing Cordon like a desktop app. The desktop files pass the freedesktop validators
(run when installed: Debian's desktop-file-utils and appstream), installer/install-desktop.sh puts them
into a data folder, `cordon --version` names the distribution, and the engine driver's pins are the
ones the distribution requires (so a wheel install passes the driver's version check).
The bundle itself is built and started by CI (installer/build.sh, installer/smoke.sh in .ci/run)."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from importlib import metadata
from pathlib import Path
from xml.etree import ElementTree

import pytest

from core.cli import main
from core.engine import guest_module

ROOT = Path(__file__).resolve().parents[1]
APP_ID = "io.github.cordon_studio.Studio"
DESKTOP = ROOT / "installer" / "desktop"


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed")
    return path


def _installed(tmp_path: Path) -> Path:
    data = tmp_path / "share"
    done = subprocess.run(
        [str(ROOT / "installer" / "install-desktop.sh"), str(data)],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "CORDON_STUDIO_EXEC": "/opt/cordon-studio/cordon-studio"},
    )
    assert done.returncode == 0, done.stderr
    return data


def test_install_desktop_puts_every_file_in_the_data_folder(tmp_path: Path) -> None:
    data = _installed(tmp_path)
    entry = (data / "applications" / f"{APP_ID}.desktop").read_text()
    assert "Exec=/opt/cordon-studio/cordon-studio %F" in entry and f"Icon={APP_ID}" in entry
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").read_bytes() == (
        ROOT / "resources" / "icons" / "cordon.svg"
    ).read_bytes()
    assert (data / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert (data / "mime" / "packages" / f"{APP_ID}.xml").is_file()
    if shutil.which("update-mime-database"):  # the database the desktop reads was rebuilt with our glob
        assert "application/x-cordon-node+json:*.node.json" in (data / "mime" / "globs2").read_text()


def test_desktop_entry_validates(tmp_path: Path) -> None:
    validate = _tool("desktop-file-validate")
    for entry in (DESKTOP / f"{APP_ID}.desktop", _installed(tmp_path) / "applications" / f"{APP_ID}.desktop"):
        done = subprocess.run([validate, str(entry)], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and not done.stdout.strip(), done.stdout


def test_appstream_metainfo_validates() -> None:
    appstreamcli = _tool("appstreamcli")
    done = subprocess.run(
        [appstreamcli, "validate", "--no-net", str(DESKTOP / f"{APP_ID}.metainfo.xml")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_mime_type_and_desktop_entry_agree() -> None:
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    mime = ElementTree.parse(DESKTOP / f"{APP_ID}.mime.xml").getroot().find("m:mime-type", ns)
    assert mime is not None and mime.find("m:glob", ns).get("pattern") == "*.node.json"
    entry = (DESKTOP / f"{APP_ID}.desktop").read_text()
    assert f"MimeType={mime.get('type')};" in entry


def test_version_names_the_distribution(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"cordon-studio {metadata.version('cordon-studio')}"


def test_distribution_requires_exactly_the_bindings_the_driver_accepts() -> None:
    from packaging.requirements import Requirement
    from packaging.specifiers import SpecifierSet

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    required = {req.name: req.specifier for req in map(Requirement, project["dependencies"])}
    for dist in guest_module.PINNED:
        accepted = SpecifierSet(guest_module.accepted_range(dist))
        assert required[dist] == accepted, f"pyproject requires {dist}{required[dist]}, the driver accepts {accepted}"
    guest_module.check_versions()  # the installed metadata satisfies it


@pytest.mark.parametrize(
    ("pinned", "verdict"),
    [
        ("49.0.0", "refused"),  # another major release: code generation may differ
        ("50.1.0", "refused"),  # a newer minor than the one installed
        ("50.0.0", "accepted"),  # the installed 50.0.1 is a later patch release of the pinned series
    ],
)
def test_driver_runs_only_on_the_pinned_wasmtime_series(
    monkeypatch: pytest.MonkeyPatch, pinned: str, verdict: str
) -> None:
    monkeypatch.setitem(guest_module.PINNED, "wasmtime", pinned)
    found = metadata.version("wasmtime")
    if verdict == "accepted":
        guest_module.check_versions()
        return
    with pytest.raises(RuntimeError, match=rf"runs on wasmtime>={re.escape(pinned)},<.*, found {re.escape(found)}"):
        guest_module.check_versions()


def test_driver_refuses_a_pre_release_of_its_series(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guest_module, "installed_version", lambda dist: "50.0.2.dev1")
    with pytest.raises(RuntimeError, match=r"found 50\.0\.2\.dev1"):
        guest_module.check_versions()


def test_published_dependencies_are_ranges_and_constraints_pin_each_inside_its_range():
    """The wheel's metadata lets Cordon live beside other packages (no `==`, wasmtime included: the
    driver takes its patch releases); constraints.txt pins what dev.sh, CI and the bundle install,
    one version a dependency, inside its published range."""
    from packaging.requirements import Requirement
    from packaging.version import Version

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = [Requirement(d) for d in project["dependencies"]]
    declared += [Requirement(d) for extra in project["optional-dependencies"].values() for d in extra]
    lines = (ROOT / "constraints.txt").read_text().splitlines()
    pins = dict(line.split("==") for line in lines if line and not line.startswith("#"))
    for req in declared:
        exact = any(spec.operator == "==" for spec in req.specifier)
        assert not exact, f"{req} is pinned exactly in the published metadata"
        assert req.name in pins, f"{req.name} has no pin in constraints.txt"
        assert Version(pins[req.name]) in req.specifier, f"constraints.txt pins {req.name} outside {req}"
    assert set(pins) == {req.name for req in declared}, "constraints.txt pins only what pyproject.toml declares"


def test_the_metadata_and_the_bundle_spec_name_no_linux_only_path():
    """What builds Cordon for other systems assumes no Debian or Linux file layout."""
    linux_only = re.compile(r"[\"'](?:/usr|/lib|/lib64|/etc|/opt|/proc|/sys)/|x86_64-linux-gnu")
    for name in ("pyproject.toml", "installer/cordon.spec", "constraints.txt"):
        text = (ROOT / name).read_text()
        assert not linux_only.search(text), f"{name}: {linux_only.search(text)}"
