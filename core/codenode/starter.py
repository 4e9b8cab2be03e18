"""The starter Code node: what `cordon node new` writes and the studio opens as its welcome node.

One definition for both, so the file a person creates from the terminal and the
document the studio starts with teach the same contract.
"""

from __future__ import annotations

from core.codenode.document import CodeNodeDocument, InputHandle, OutputHandle

#: The starter's lines stay within 68 columns, so the studio's editor shows them whole at its default
#: width and font (nobody scrolls sideways to read the welcome node).
STARTER_BODY = """\
// A Code node body: JavaScript run in Cordon's sandbox, once per
// incoming item.
//
// Inputs arrive on `inputs` (declared in this document's "inputs"),
// never as globals. Outputs leave through two awaitable calls, on
// handles declared in "outputs":
//   await emit(handle, value)    streams a value downstream now
//                                (any number of times)
//   await output(handle, value)  records the handle's final value
//                                (once per handle)
// `state` is an object that survives across invocations of one
// workflow run.
//
// To read connected inputs as they arrive, mention `stream` and the
// body runs once:
//   for await (const n of stream("items")) { ... }
// Packs: `import Papa from "<pack specifier>";` at the top; saving
// stamps "packages". Node props (timeout seconds, max_response_mb,
// allow_local_network, allow_host_filesystem, secrets) set this
// node's sandbox limits.
let total = 0;
for (const item of inputs.items) {
  total += item;
  await emit("running", total);
}
state.runs = (state.runs ?? 0) + 1;
await output("total", total);
"""


def starter_document(name: str) -> CodeNodeDocument:
    return CodeNodeDocument(
        name=name,
        description="Starter Code node: sums `items`, streaming the running total.",
        body=STARTER_BODY,
        inputs=(InputHandle(name="items", type="array", default=[1, 2, 3]),),
        outputs=(OutputHandle(name="running", type="number"), OutputHandle(name="total", type="number")),
    )
