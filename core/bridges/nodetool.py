"""The `nodetool` object of the reference's Code node, as a host without a toolbelt has it.

On NodeTool's server the object is the platform as objects (`nodetool.workflows`,
`nodetool.assets`, ...), each method wrapping an agent-toolbelt tool. Cordon is
a desktop studio with no toolbelt, which is the reference's own belt-less case:
`nodetool.capabilities()` reports `{}` and every method throws an Error naming
what it needs (rule `nodetool-tool-unavailable`) instead of a ReferenceError or
"cannot read property of undefined", so a body written for the server fails
with a sentence that says why. `nodetool.secrets` (the secrets surface) is real.

Guest-only: no host op. The secrets surface hangs `secrets` on this object, so
it is installed first.
"""

from __future__ import annotations

from core.bridges import declared

SURFACE = declared("nodetool").surface({})
