"""Shorter names for the bindings local to a function: the renaming half of the npm minifier.

A bundle is source the guest parses and compiles on a pack's first run, and a
library's local names are a large part of it: esbuild's identifier renaming
takes mathjs's whitespace-minified bundle from 1.05 MB to 0.77 MB. Cordon
bundles at install time, in Python, with no JavaScript tool (esbuild is a
development tool only), so this pass renames on the tree-sitter tree and the
scope analysis (`scope`) the bundler already has, and stays conservative:

* Only bindings declared inside a function (or a block within one) are
  renamed: parameters, `var`/`let`/`const` and catch parameters. A module's
  top-level names never are: imports, exports and CommonJS top-level names are
  what the bundle's export section and interop read by name. Globals and
  other free names, property names and labels are never bindings here.
* A name that becomes a function's or class's `name` property is kept:
  function and class declarations, named function and class expressions, and
  a binding an anonymous function, arrow or class is assigned to (`const f =
  () => {}` names the arrow `f`). Libraries read `.name` (an error class
  names itself after its constructor), and a stack trace keeps naming its
  functions.
* A scope holding a direct `eval` or a `with` statement, and every scope
  around it, keeps all its names: code there reaches bindings by a name
  computed at run time.
* A catch parameter that a `var` of the same function redeclares keeps its
  name, and so does that `var` (the `var e = 1` inside `catch (e)` writes the
  parameter, as Annex B says).
* A new name collides with nothing: it is declared in no scope between any
  use of the binding and its declaration, and no use inside the binding's
  scope of another binding or a global has it.
* A default parameter value that names a variable its function's body
  declares reads the outer one (the parameters have a scope of their own,
  which the analysis folds into the function's); such uses are resolved
  again outside the function.
* Shorthand properties keep their property names: `{a}` becomes `{a: b}` in
  an object literal and in a destructuring pattern alike.

Identifiers change length only, never lines, so line numbers stay those of
the published file.
"""

from __future__ import annotations

import itertools
import string
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterator
from functools import lru_cache

import tree_sitter_javascript
from tree_sitter import Language, Node, Query, QueryCursor, Tree

from core.packs.npm.scope import Analysis, Binding, Reference, Scope

#: The kinds of binding renamed; `function`, `class`, `import` and the implicit `arguments` keep their names.
RENAMED_KINDS = frozenset({"param", "var", "let", "const", "catch"})
_SHORTHAND = frozenset({"shorthand_property_identifier", "shorthand_property_identifier_pattern"})
#: Words never chosen: reserved words (strict mode's included), contextual keywords, and the globals a
#: name must not shadow even where unused.
_RESERVED_WORDS = """
break case catch class const continue debugger default delete do else enum export extends false finally for
function if import in instanceof new null return super switch this throw true try typeof var void while with
yield let static implements interface package private protected public await async of get set from as
eval arguments undefined NaN Infinity
"""
_RESERVED = frozenset(_RESERVED_WORDS.split())
_FIRST = string.ascii_letters + "_$"
_REST = _FIRST + string.digits
_ANONYMOUS = "[(function_expression) (generator_function) (arrow_function) (class)]"
#: Identifiers that give a function or class its `name`, and `with` statements.
_QUERY = f"""
[(function_declaration name: (identifier) @named)
 (generator_function_declaration name: (identifier) @named)
 (function_expression name: (identifier) @named)
 (generator_function name: (identifier) @named)
 (class_declaration name: (identifier) @named)
 (class name: (identifier) @named)]
(variable_declarator name: (identifier) @named value: {_ANONYMOUS})
(variable_declarator name: (identifier) @named value: (parenthesized_expression {_ANONYMOUS}))
(assignment_expression left: (identifier) @named right: {_ANONYMOUS})
(assignment_expression left: (identifier) @named right: (parenthesized_expression {_ANONYMOUS}))
(augmented_assignment_expression left: (identifier) @named right: {_ANONYMOUS})
(assignment_pattern left: (identifier) @named right: {_ANONYMOUS})
(object_assignment_pattern left: (shorthand_property_identifier_pattern) @named right: {_ANONYMOUS})
(with_statement) @with
"""


@lru_cache(maxsize=1)
def _query() -> Query:
    return Query(Language(tree_sitter_javascript.language()), _QUERY)


def short_names() -> Iterator[str]:
    """`a`, `b`, ... `$`, `aa`, `ab`, ...: every identifier by length, reserved words left out."""
    for length in itertools.count(1):
        for first in _FIRST:
            for rest in itertools.product(_REST, repeat=length - 1):
                name = first + "".join(rest)
                if name not in _RESERVED:
                    yield name


_NAMES: list[str] = list(itertools.islice(short_names(), len(_FIRST) * len(_REST) + len(_FIRST)))


def local_renames(tree: Tree, analysis: Analysis) -> list[tuple[int, int, bytes]]:
    """The edits that shorten every local binding it is safe to: (start byte, end byte, new text)."""
    if tree.root_node.has_error:
        return []  # the analysis of a tree with errors is a guess
    captures = QueryCursor(_query()).captures(tree.root_node)
    named = {node.start_byte for node in captures.get("named", [])}
    return _Renamer(analysis, named, _outermost(captures.get("with", []))).edits()


class _Renamer:
    def __init__(self, analysis: Analysis, named: set[int], withs: list[tuple[int, int]]) -> None:
        self.module = analysis.module
        self.named = named
        self.withs = withs
        self.order = _scopes(analysis.module)
        self.owner: dict[Binding, Scope] = {b: s for s in self.order for b in s.names.values()}
        self.uses: dict[Binding, list[Reference]] = defaultdict(list)
        #: Scope -> names its uses read from outside it (a global, an outer binding): a new name there must
        #: not capture them.
        self.crossing: dict[Scope, set[str]] = defaultdict(set)
        self.declared: dict[Scope, set[str]] = {s: set(s.names) for s in self.order}
        self.frozen: set[Scope] = set()
        self.kept: set[Binding] = set()
        self.escaped = False
        self._params: dict[Scope, tuple[int, int]] = {}
        self._blocks: dict[Scope, list[Scope]] = {}
        self._resolve(analysis.references)

    def _resolve(self, references: list[tuple[Reference, Binding | None]]) -> None:
        crossing_keys: set[tuple[Scope, Scope | None, str]] = set()
        for ref, binding in references:
            if "\\" in ref.name:
                self.escaped = True  # `\u0061` and `a` are one name the analysis sees as two
            if binding is not None and self._in_own_parameters(ref, binding):
                outer = self.owner[binding].parent
                binding = None if outer is None else outer.lookup(ref.name)
            if binding is None:
                if ref.name == "eval":
                    self._freeze(ref.scope)
            else:
                self.uses[binding].append(ref)
                if ref.node.start_byte in self.named:
                    self.kept.add(binding)
            if self._in_with(ref.node):
                self._freeze(ref.scope)
            crossing_keys.add((ref.scope, None if binding is None else self.owner.get(binding), ref.name))
        for inner, target, name in crossing_keys:
            scope: Scope | None = inner
            while scope is not None and scope is not target:
                self.crossing[scope].add(name)
                scope = scope.parent

    def _in_own_parameters(self, ref: Reference, binding: Binding) -> bool:
        """Whether `ref` sits in the parameter list of the function whose body declares `binding`."""
        if binding.kind in ("param", "implicit"):
            return False
        scope = self.owner.get(binding)
        if scope is None or scope.node is None:
            return False
        span = self._params.get(scope)
        if span is None:
            params = scope.node.child_by_field_name("parameters")
            span = self._params[scope] = (-1, -1) if params is None else (params.start_byte, params.end_byte)
        return span[0] <= ref.node.start_byte < span[1]

    def _in_with(self, node: Node) -> bool:
        at = bisect_right(self.withs, (node.start_byte, node.start_byte)) - 1
        return at >= 0 and node.start_byte < self.withs[at][1]

    def _freeze(self, scope: Scope | None) -> None:
        while scope is not None and scope not in self.frozen:
            self.frozen.add(scope)
            scope = scope.parent

    def _renamable(self, binding: Binding, scope: Scope) -> bool:
        if binding.kind not in RENAMED_KINDS or binding in self.kept or scope in self.frozen:
            return False
        for site in binding.sites:
            if site.start_byte in self.named or self._in_with(site):
                return False
        # a binding named `eval` may hold the real one, called as a direct eval; `arguments` is the object's name
        return "\\" not in binding.name and binding.name not in ("eval", "arguments")

    def _catch_redeclared(self) -> None:
        """Keep a catch parameter that a `var` of its function redeclares, and that `var`."""
        for scope in self.order:
            for binding in scope.names.values():
                if binding.kind == "catch":
                    other = scope.function_scope().names.get(binding.name)
                    if other is not None:
                        self.kept.update((binding, other))

    def edits(self) -> list[tuple[int, int, bytes]]:
        if self.escaped:
            return []
        self._catch_redeclared()
        for binding, scope in self.owner.items():
            if any(self._in_with(site) for site in binding.sites):
                self._freeze(scope)
        edits: list[tuple[int, int, bytes]] = []
        for scope in self.order:
            if scope is self.module:
                continue
            bindings = [b for b in scope.names.values() if self._renamable(b, scope)]
            bindings.sort(key=lambda b: -len(self.uses.get(b, ())))
            for binding in bindings:
                new = self._pick(binding, scope)
                if new is not None:
                    edits.extend(self._rename(binding, scope, new))
        return edits

    def _pick(self, binding: Binding, scope: Scope) -> str | None:
        """The shortest name no use of `binding` would see shadowed and no other use in `scope` would see."""
        taken = self.declared[scope] | self.crossing.get(scope, set())
        seen: set[Scope] = {scope}
        for ref in self.uses.get(binding, ()):
            inner: Scope | None = ref.scope
            while inner is not None and inner not in seen:
                seen.add(inner)
                taken |= self.declared.get(inner, set())
                inner = inner.parent
        for block in self._var_blocks(binding, scope):
            taken |= self.declared[block]
        for name in _NAMES:
            if len(name) >= len(binding.name):
                return None  # no shorter name is free: keep the readable one
            if name not in taken:
                return name
        return None

    def _rename(self, binding: Binding, scope: Scope, new: str) -> list[tuple[int, int, bytes]]:
        declared = self.declared[scope]
        declared.discard(binding.name)
        declared.add(new)
        edits = []
        for node in [*binding.sites, *(ref.node for ref in self.uses.get(binding, ()))]:
            text = f"{binding.name}: {new}" if node.type in _SHORTHAND else new
            edits.append((node.start_byte, node.end_byte, text.encode("utf-8")))
        for ref in self.uses.get(binding, ()):
            inner: Scope | None = ref.scope
            while inner is not None and inner is not scope:
                self.crossing[inner].add(new)
                inner = inner.parent
        for block in self._var_blocks(binding, scope):
            self.crossing[block].add(new)
        return edits

    def _var_blocks(self, binding: Binding, scope: Scope) -> list[Scope]:
        """The blocks of `scope`'s function a `var` of it may be declared in (its site's scope is not
        recorded): its new name must clash with no `let` or catch parameter there, now or later."""
        if binding.kind != "var" and len(binding.sites) < 2:
            return []
        found = self._blocks.get(scope)
        if found is None:
            found = []
            todo = [child for child in scope.children if not child.is_function]
            while todo:
                block = todo.pop()
                found.append(block)
                todo.extend(child for child in block.children if not child.is_function)
            self._blocks[scope] = found
        return found


def _outermost(nodes: list[Node]) -> list[tuple[int, int]]:
    """The byte spans of the nodes not inside another, sorted (the `with` statements a position may be in)."""
    spans: list[tuple[int, int]] = []
    for start, end in sorted((node.start_byte, node.end_byte) for node in nodes):
        if not spans or start >= spans[-1][1]:
            spans.append((start, end))
    return spans


def _scopes(module: Scope) -> list[Scope]:
    """Every scope from the module's down, outer before inner."""
    order = [module]
    for scope in order:
        order.extend(scope.children)
    return order
