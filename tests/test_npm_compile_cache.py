"""The npm compile cache (core/packs/compiler.py) is read through a pydantic model: an entry of another shape
(a damaged file, an older layout) is a miss that recompiles, never a crash or a module made of the wrong types."""

from __future__ import annotations

import orjson
import pytest

from core import cache
from core.packs import compiler
from core.packs.caps import NPM_JS_MAX
from core.packs.npm.resolve import CompileError

DIGEST = "ab" * 32


def entry(**fields: object) -> None:
    cache.write(compiler._cache_name(DIGEST), orjson.dumps({"compiler_version": compiler.COMPILER_VERSION, **fields}))


@pytest.mark.parametrize(
    "fields",
    [{}, {"source": 5}, {"source": "export default 1;", "exports": "default"}, {"error": {"rule": 1}}],
)
def test_an_entry_of_another_shape_is_a_miss(fields):
    entry(**fields)
    assert compiler._read_cache(DIGEST, NPM_JS_MAX) is None


def test_a_compiled_entry_and_a_cached_refusal_read_back():
    entry(source="export default 1;", exports=["default"], polyfills=["buffer (buffer@6.0.3)"])
    module = compiler._read_cache(DIGEST, NPM_JS_MAX)
    assert module is not None and module.exports == ("default",) and module.polyfills == ("buffer (buffer@6.0.3)",)
    entry(error={"rule": "npm-module-too-large", "message": "too large"})
    with pytest.raises(CompileError) as refused:
        compiler._read_cache(DIGEST, NPM_JS_MAX)
    assert refused.value.rule == "npm-module-too-large"
    cache.write(compiler._cache_name(DIGEST), orjson.dumps({"compiler_version": "cordon-npm/0", "source": "x"}))
    assert compiler._read_cache(DIGEST, NPM_JS_MAX) is None  # another compiler's entry
