"""The npm compiler's parts: resolution, scope analysis, per-file transforms, the bundle, the probes.

`core.packs.compiler.compile_npm` is the entry point; nothing else should import these directly.
"""
