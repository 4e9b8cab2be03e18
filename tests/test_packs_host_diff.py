"""@nodetool-ai/sandbox-diff on the host: jsdiff 5's patch text, byte for byte."""

from __future__ import annotations

from tests.conftest import ok, until
from tests.hostpacks import process_gone, refused, run_body, workers_called

DIFF = "@nodetool-ai/sandbox-diff"
SEP = "=" * 67


def test_unified_with_names_and_context_is_jsdiffs_patch():
    code = f'''import {{ unified }} from "{DIFF}";
const patch = await unified(inputs.before, inputs.after, {{ oldName: "before.md", newName: "after.md", context: 5 }});
return {{ patch, changed: patch.includes("@@") }};'''
    result = ok(run_body(code, inputs={"before": "a\nb\nc\n", "after": "a\nB\nc\n"}))
    # jsdiff 5.2.2: createTwoFilesPatch("before.md", "after.md", before, after, undefined, undefined, {context: 5})
    assert result == {
        "patch": f"{SEP}\n--- before.md\n+++ after.md\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n",
        "changed": True,
    }


def test_jsdiffs_edge_cases():
    code = f'''import diff from "{DIFF}";
const ten = (x) => [1, 2, x, 4, 5, 6, 7, 8, 9, 10, 11, 12].join("\\n") + "\\n";
return [await diff.unified("same\\n", "same\\n"), await diff.unified("x", "y"), await diff.unified("", "new\\n"),
        await diff.unified(ten(3), ten("X").replace("11", "Y"), {{ context: 2 }}),
        await diff.unified("a\\nb\\nc\\n", "", {{ context: 0 }}), await diff.unified("a", "b", {{ oldName: "f", newName: "f" }})];'''
    # Each is jsdiff 5.2.2's output for the same call.
    assert ok(run_body(code)) == [
        f"{SEP}\n--- a\n+++ b\n",
        f"{SEP}\n--- a\n+++ b\n@@ -1,1 +1,1 @@\n-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n",
        f"{SEP}\n--- a\n+++ b\n@@ -0,0 +1,1 @@\n+new\n",
        f"{SEP}\n--- a\n+++ b\n@@ -1,5 +1,5 @@\n 1\n 2\n-3\n+X\n 4\n 5\n@@ -9,4 +9,4 @@\n 9\n 10\n-11\n+Y\n 12\n",
        f"{SEP}\n--- a\n+++ b\n@@ -1,3 +0,0 @@\n-a\n-b\n-c\n\\ No newline at end of file\n",
        f"Index: f\n{SEP}\n--- f\n+++ f\n@@ -1,1 +1,1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n",
    ]


def test_ambiguous_lines_pair_as_jsdiffs_myers_pairs_them():
    code = f'import {{ unified }} from "{DIFF}";\nreturn await unified("x\\nz\\ny", "x\\nx\\nz\\nz\\ny", {{ context: 4 }});'
    assert (
        ok(run_body(code))
        == f"{SEP}\n--- a\n+++ b\n@@ -1,3 +1,5 @@\n x\n+x\n z\n+z\n y\n\\ No newline at end of file\n"
    )


def test_context_out_of_range_is_refused():
    result = run_body(f'import {{ unified }} from "{DIFF}";\nreturn await unified("a", "b", {{ context: 101 }});')
    refused(result, "host-option-invalid", "sandbox-diff.unified", "context")


def test_a_long_diff_stops_with_its_run_and_its_worker_is_killed(monkeypatch):
    """The walk runs in the run's host worker: the run ends at its deadline, and the worker (with the
    walk, seconds from its end) is killed with it rather than left to finish."""
    code = f'import {{ unified }} from "{DIFF}";\nreturn await unified(inputs.a, inputs.b);'
    a = "\n".join(f"line {i}" for i in range(100_000))
    b = "\n".join(f"line {i}" if i % 100 else f"changed {i}" for i in range(100_000))  # seconds of matching
    called = workers_called(monkeypatch)
    result = run_body(code, inputs={"a": a, "b": b}, limits={"timeoutMs": 300})
    assert result.error is not None and result.error.rule == "timeout", result.error
    assert [worker.dead for worker in called] == [True]
    until(lambda: process_gone(called[0].pid), "the killed worker to exit")
