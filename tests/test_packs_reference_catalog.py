"""The reference's whole pack catalog: every pack is shipped under both names or listed as out of scope with
its reason (`cordon packs list --all`, and the error of a body importing one)."""

from __future__ import annotations

import json

from core.cli import main as cli
from core.specifier import OUT_OF_SCOPE, canonical_specifier
from tests.hostpacks import shipped

#: The reference's pack table (../shared/reference/packs.md), by its names.
REFERENCE = [
    f"@nodetool-ai/sandbox-{n}"
    for n in (
        "yaml",
        "dates",
        "markdown",
        "decimal",
        "jmespath",
        "stats",
        "qr",
        "color",
        "rrule",
        "gif",
        "csv",
        "html",
        "xml",
        "xlsx",
        "diff",
        "zip",
        "ocr",
        "tfjs",
        "docx",
        "mammoth",
        "epub",
        "fabric",
        "pdflib",
        "pptxgen",
        "pptx",
        "pdf",
        "chrono",
        "exif",
        "expr",
        "ics",
        "subtitle",
        "tokens",
        "sqlite",
        "aws",
        "notion",
        "supabase",
        "twilio",
        "apify",
        "flow",
        "dsl",
        "timeline",
        "game",
    )
]


def test_every_reference_pack_is_shipped_or_out_of_scope_with_a_reason():
    catalog = shipped()
    missing = []
    for name in REFERENCE:
        ours = canonical_specifier(name)
        served = catalog.pack(ours) is not None
        assert not (served and ours in OUT_OF_SCOPE), name
        if not served and ours not in OUT_OF_SCOPE:
            missing.append(name)
    assert missing == []
    assert set(OUT_OF_SCOPE) == {f"@cordon/sandbox-{n}" for n in ("flow", "dsl", "timeline", "game", "tfjs")}


def test_packs_list_all_names_the_out_of_scope_packs_and_why(capsys):
    assert cli(["packs", "list"]) == 0
    assert "out of scope" not in capsys.readouterr().out
    assert cli(["packs", "list", "--all"]) == 0
    out = capsys.readouterr().out
    assert (
        "@cordon/sandbox-tfjs  (also @nodetool-ai/sandbox-tfjs)  not shipped, out of scope: needs model weights"
    ) in out
    assert cli(["packs", "list", "--all", "--json"]) == 0
    listed = {p["alias"]: p["reason"] for p in json.loads(capsys.readouterr().out)["outOfScope"]}
    assert sorted(listed) == sorted(f"@nodetool-ai/sandbox-{n}" for n in ("flow", "dsl", "timeline", "game", "tfjs"))
    assert "no NodeTool node library" in listed["@nodetool-ai/sandbox-flow"]


def test_importing_an_out_of_scope_pack_says_why():
    from core.packs import resolve_body

    resolution = resolve_body('import { classify } from "@nodetool-ai/sandbox-tfjs";\nreturn 1;', catalog=shipped())
    assert resolution is not None and not resolution.ok
    (error,) = resolution.errors
    assert error.rule == "pack-not-installed" and "out of scope: needs model weights" in error.message
