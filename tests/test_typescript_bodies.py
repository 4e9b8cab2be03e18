"""TypeScript bodies: types stripped in the guest, every line and column kept.

Through the real route: `cordon run FILE.ts` and `run_node` of a document with
`"language": "typescript"`, both running the vendored compiler in a real guest.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from core.cli import main
from core.codenode import CodeNodeDocument, NodeRunRequest, loads, run_node
from core.codenode.document import dumps
from core.typescript import strip_types
from core.typescript.guest import shared_guest

TS_DIR = Path(__file__).resolve().parent.parent / "resources" / "typescript"

TYPED_BODY = """\
interface Point { x: number; y: number }
type Pair = [Point, Point];
const pair: Pair = [{ x: inputs.a as number, y: 0 }, { x: 3, y: 4 }];
function far<T extends Point>(p: T): number { return Math.hypot(p.x, p.y) }
if (far(pair[1]) > 4) throw new Error("too far: " + far(pair[1]));
return pair;
"""


def cordon_run(capsys, path: Path, *argv: str) -> dict:
    main(["run", str(path), "--json", *argv])
    return json.loads(capsys.readouterr().out)


def test_stripping_keeps_every_line_and_column():
    code = strip_types(TYPED_BODY)
    assert len(code) == len(TYPED_BODY)
    assert [len(line) for line in code.split("\n")] == [len(line) for line in TYPED_BODY.split("\n")]
    assert "interface" not in code and ": number" not in code
    third = code.split("\n")[2]
    assert third.index("[{ x: inputs.a") == TYPED_BODY.split("\n")[2].index("[{ x: inputs.a")


def test_a_ts_file_runs_and_its_error_is_on_its_own_line(capsys, tmp_path):
    path = tmp_path / "body.ts"
    path.write_text(TYPED_BODY, encoding="utf-8")
    out = cordon_run(capsys, path, "--inputs", '{"a": 1}')
    assert out["ok"] is False
    assert out["error"]["message"] == "too far: 5"
    assert out["error"]["line"] == 5


def test_a_ts_file_returns_its_value(capsys, tmp_path):
    path = tmp_path / "ok.ts"
    path.write_text("const n: number = inputs.n;\nreturn { twice: n * 2 } satisfies { twice: number };\n")
    assert cordon_run(capsys, path, "--inputs", '{"n": 21}')["result"] == {"twice": 42}


def test_a_typescript_node_document_runs_stripped_with_errors_on_the_right_line():
    doc = CodeNodeDocument(
        body="const greeting: string = `hi ${inputs.name as string}`;\n\n\nnull!.boom;\nreturn greeting;",
        language="typescript",
        inputs=({"name": "name", "type": "string"},),
    )
    result = run_node(NodeRunRequest(doc, inputs={"name": "Ada"}))
    assert not result.ok
    assert result.error.line == 4
    doc_ok = doc.model_copy(update={"body": "const g: string = `hi ${inputs.name as string}`;\nreturn g;"})
    assert run_node(NodeRunRequest(doc_ok, inputs={"name": "Ada"})).run.result == "hi Ada"


def test_constructs_that_need_code_are_refused_by_name_and_the_next_run_is_healthy(capsys, tmp_path):
    path = tmp_path / "enum.ts"
    path.write_text("const a = 1;\nenum Color { Red }\nclass C { constructor(private x: number) {} }\nreturn a;\n")
    out = cordon_run(capsys, path)
    assert out["error"]["rule"] == "typescript-unsupported-syntax"
    assert "an enum at 2:1" in out["error"]["message"]
    assert "a parameter property at 3:23" in out["error"]["message"]
    starts = shared_guest().starts
    assert strip_types("let n: number = 1;") == "let n         = 1;"
    assert shared_guest().starts == starts, "a refusal is an answer: the guest is kept"
    path.write_text("return 1 as number;")
    assert cordon_run(capsys, path)["result"] == 1


def test_a_javascript_body_is_never_stripped(capsys, tmp_path):
    """A `.js` body with TypeScript syntax is a JavaScript syntax error, as before."""
    path = tmp_path / "body.js"
    path.write_text("const n: number = 1;\nreturn n;")
    assert cordon_run(capsys, path)["ok"] is False


def test_language_is_saved_only_when_it_is_typescript():
    js = CodeNodeDocument(body="return 1")
    assert "language" not in json.loads(dumps(js))
    ts = CodeNodeDocument(body="return 1 as number", language="typescript")
    assert json.loads(dumps(ts))["language"] == "typescript"
    assert loads(dumps(ts)).language == "typescript"


def test_vendored_compiler_matches_its_lock():
    lock = json.loads((TS_DIR / "vendor.lock.json").read_text(encoding="utf-8"))
    assert lock["typescript"] == "typescript@5.9.3"
    on_disk = {
        p.relative_to(TS_DIR).as_posix()
        for p in [TS_DIR / "typescript-guest.js", *(TS_DIR / "lib").glob("*.d.ts"), *TS_DIR.glob("LICENSE-*")]
    }
    assert on_disk == set(lock["files"]), "every vendored file is locked, and only those"
    for name, entry in lock["files"].items():
        data = (TS_DIR / name).read_bytes()
        assert len(data) == entry["bytes"] and hashlib.sha256(data).hexdigest() == entry["sha256"], name
    assert not any(name.startswith("lib/lib.dom") for name in lock["files"]), "no DOM: the sandbox has none"
