"""assetToSandbox(assetId, path) / sandboxToAsset(path): the reference's asset pair.

Reference shapes: `assetToSandbox` writes the asset into the workspace (parents
created) and resolves to the path; `sandboxToAsset` stores a workspace file and
resolves to an AssetRef `{type, uri, asset_id}`.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from core import HostServices, RunServices, load_preview, run_in_sandbox
from core.media_store import AssetStore, Cap
from tests.conftest import ok


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (3, 2), "red").save(out, "PNG")
    return out.getvalue()


def _run(code: str, ws: Path, **kwargs):
    return run_in_sandbox(code, services=RunServices(host=HostServices(workspace=ws)), **kwargs)


def test_a_workspace_file_round_trips_through_the_asset_store(tmp_path):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "pic.png").write_bytes(_png())
    ref, path, same = ok(
        _run(
            """
      const ref = await sandboxToAsset("out/pic.png");
      const path = await assetToSandbox(ref.asset_id, "in/deeper/copy.png");
      const a = await workspace.readBytes("out/pic.png"), b = await workspace.readBytes(path);
      return [ref, path, a.length === b.length && a.every((x, i) => x === b[i])];
    """,
            tmp_path,
        )
    )
    assert path == "in/deeper/copy.png" and same
    assert ref["type"] == "image" and ref["mimeType"] == "image/png" and ref["filename"] == "pic.png"
    assert ref["uri"] == "asset://" + ref["asset_id"]
    assert AssetStore().read(ref["uri"], Cap(1 << 20, "test", "test")) == _png()
    assert load_preview(ref).data == _png()  # what the studio's outputs panel previews


@pytest.mark.parametrize("form", ["ref.uri", "ref", "ref.asset_id"])
def test_asset_to_sandbox_takes_an_id_a_uri_or_a_ref(tmp_path, form):
    (tmp_path / "a.txt").write_text("hello")
    assert ok(
        _run(
            f"""
      const ref = await sandboxToAsset("a.txt");
      await assetToSandbox({form}, "b.txt");
      return [ref.type, await workspace.read("b.txt")];
    """,
            tmp_path,
        )
    ) == ["document", "hello"]


def test_an_asset_the_run_was_not_handed_is_refused(tmp_path):
    uri = AssetStore().put(b"someone else's")
    result = _run(f'return await assetToSandbox("{uri}", "x.bin")', tmp_path)
    assert not result.ok and result.error.rule == "asset-not-granted", result
    assert not (tmp_path / "x.bin").exists()
    handed = _run('return await assetToSandbox(inputs.ref, "x.bin")', tmp_path, inputs={"ref": {"uri": uri}})
    assert ok(handed) == "x.bin" and (tmp_path / "x.bin").read_bytes() == b"someone else's"


def test_a_bad_id_and_no_workspace_are_named_refusals(tmp_path):
    bad = _run('return await assetToSandbox("../../etc/passwd", "x")', tmp_path)
    assert not bad.ok and bad.error.rule == "asset-id-invalid", bad
    none = run_in_sandbox('return await sandboxToAsset("x")')
    assert not none.ok and none.error.rule == "workspace-unavailable", none
    assert "grant a workspace" in none.error.message


def test_the_media_caps_apply(tmp_path):
    (tmp_path / "big.bin").write_bytes(b"x" * 4096)
    result = _run('return await sandboxToAsset("big.bin")', tmp_path, limits={"hostByteInputBytes": 1024})
    assert not result.ok and result.error.rule == "host-input-too-large", result
    budget = _run('return await sandboxToAsset("big.bin")', tmp_path, limits={"runMediaBytes": 1024})
    assert not budget.ok and budget.error.rule == "media-quota", budget
