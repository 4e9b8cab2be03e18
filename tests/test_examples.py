"""Every example Code node in resources/examples/ runs green, on real bridges and real packs."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from core import secrets_store
from core.bridges.media import data_ref
from core.codenode import NodeRunRequest, load_document, run_node, validate_node
from core.codenode.document import CodeNodeDocument, NodeProps
from core.codenode.runner import NodeRunResult
from core.packs import declarations_from_code, default_catalog
from tests.http_server import RecordingServer

EXAMPLES = Path(__file__).resolve().parents[1] / "resources" / "examples"


def example(name: str) -> CodeNodeDocument:
    return load_document(EXAMPLES / f"{name}.node.json")


def green(result: NodeRunResult) -> NodeRunResult:
    assert result.ok, f"example failed: {result.error}"
    assert not [w for w in result.run.warnings if "legacy" in w], "examples use the emit/output contract"
    return result


def with_props(doc: CodeNodeDocument, **props) -> CodeNodeDocument:
    return doc.model_copy(update={"props": NodeProps(**{**doc.props.model_dump(), **props})})


def test_there_are_examples_and_every_one_is_covered_here():
    names = sorted(p.name.removesuffix(".node.json") for p in EXAMPLES.glob("*.node.json"))
    assert len(names) >= 6, names
    covered = {n.removeprefix("test_").replace("_", "-") for n in globals() if n.startswith("test_")}
    assert set(names) <= covered, f"examples without a test: {set(names) - covered}"


def test_running_total():
    result = green(run_node(NodeRunRequest(example("running-total"), streams={"numbers": [3, 4, 5.5]})))
    assert result.invocations == 1
    assert [e.value for e in result.emitted] == [3, 7, 12.5]
    assert result.outputs == {"total": 12.5, "count": 3}


def test_fetch_json_api(memory_keyring):
    secrets_store.set_secret("API_TOKEN", "tok-123")
    doc = with_props(example("fetch-json-api"), allow_local_network=True)
    with RecordingServer() as server:
        result = green(
            run_node(NodeRunRequest(doc, inputs={"url": f"http://127.0.0.1:{server.port}/json", "fields": ["n"]}))
        )
    assert [e.value for e in result.emitted] == [{"n": 42}]
    assert result.outputs == {"count": 1}
    assert server.requests[0].headers["authorization"] == "Bearer tok-123"
    # As shipped, the node may not reach the local network: the guard refuses by name.
    with RecordingServer() as server:
        refused = run_node(
            NodeRunRequest(example("fetch-json-api"), inputs={"url": f"http://127.0.0.1:{server.port}/json"})
        )
    assert not refused.ok and server.requests == []


def test_image_thumbnail_grid():
    photos = []
    for colour, size in (("red", (300, 200)), ("green", (120, 240)), ("blue", (64, 64))):
        out = io.BytesIO()
        Image.new("RGB", size, colour).save(out, "PNG")
        photos.append(data_ref(out.getvalue(), f"{colour}.png"))  # as the studio's Files… hands them over
    result = green(
        run_node(NodeRunRequest(example("image-thumbnail-grid"), inputs={"photos": photos, "size": 32, "columns": 2}))
    )
    sheet = result.outputs["sheet"]
    assert sheet["type"] == "image" and sheet["mimeType"] == "image/png" and sheet["uri"].startswith("asset://")
    assert result.outputs["size"] == {"width": 68, "height": 68, "images": 3}


def test_csv_summary():
    csv = "name,score,weight\nada,9,1.5\nbob,,2\ncy,3,x\n"
    result = green(run_node(NodeRunRequest(example("csv-summary"), inputs={"csv": csv})))
    summary = result.outputs["summary"]
    assert summary["rows"] == 3 and summary["fields"] == ["name", "score", "weight"]
    assert summary["columns"]["score"] == {"count": 2, "min": 3, "max": 9, "mean": 6}
    assert summary["columns"]["weight"] == {"count": 2, "min": 1.5, "max": 2, "mean": 1.75}
    assert result.outputs["problems"] == []
    assert green(run_node(NodeRunRequest(example("csv-summary")))).outputs["summary"]["rows"] == 3  # its default input


def test_yaml_config_check():
    good = green(run_node(NodeRunRequest(example("yaml-config-check"))))
    assert good.outputs["valid"] is True and good.outputs["config"]["server"]["port"] == 8080
    bad = green(
        run_node(NodeRunRequest(example("yaml-config-check"), inputs={"yaml": "server:\n  port: '80'\nfeatures: x\n"}))
    )
    assert bad.outputs["valid"] is False
    assert bad.outputs["problems"] == [
        "missing server.host (string)",
        "server.port should be number, is string",
        "missing logging.level (string)",
        "features should be array, is string",
    ]
    broken = green(run_node(NodeRunRequest(example("yaml-config-check"), inputs={"yaml": "a: [1, 2"})))
    assert broken.outputs["valid"] is False and broken.outputs["problems"][0].startswith("not valid YAML")


def test_wasm_route_length():
    route = [{"x": 0, "y": 0}, {"x": 6, "y": 8}, {"x": 6, "y": 0}, {"x": 0, "y": 0}]
    result = green(run_node(NodeRunRequest(example("wasm-route-length"), inputs={"points": route})))
    assert [e.value["length"] for e in result.emitted] == [10, 8, 6]
    assert result.outputs == {"length": 24, "area": 24}


def test_examples_declare_exactly_the_packs_they_import():
    for path in EXAMPLES.glob("*.node.json"):
        doc = load_document(path)
        imported = [d.specifier for d in declarations_from_code(doc.body)]
        assert [p.specifier for p in doc.packages] == imported, path.name
        assert all(p.resolvedPackVersion and p.contentDigest for p in doc.packages), path.name


def test_examples_validate_without_findings():
    for path in EXAMPLES.glob("*.node.json"):
        assert validate_node(load_document(path), catalog=default_catalog()) == [], path.name
