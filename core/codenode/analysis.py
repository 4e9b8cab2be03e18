"""What a Code node body says about itself, read from its tree-sitter tree.

One reading serves the runner (which contract and which mode the body
runs under) and validation (undeclared `inputs.x`, undeclared handles,
handles never written): they cannot disagree because they read one tree.

* A body that *mentions* `emit` or `output` runs the emit/output contract;
  one that mentions neither is a legacy body (return value = outputs).
* A body that mentions `stream` runs once for the whole stream; otherwise
  once per incoming item.

"Mentions" means an identifier reference (a shorthand property counts, a
property name like `x.emit` or a word in a string or comment does not), so
editing the last `stream` call out of the body flips the node back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tree_sitter import Node, Tree

from core import jsparse

_REFERENCES = ("identifier", "shorthand_property_identifier")
_STREAM_VERBS = ("first", "open")
_SECRET_FUNCTIONS = ("getSecret", "requestSecret")
#: Methods only one type has: `inputs.x.<method>` says what x is (for "Declare input" with its type).
_TYPED_METHODS = {
    **dict.fromkeys(
        ("filter", "map", "forEach", "reduce", "some", "every", "find", "findIndex", "flatMap", "join", "push", "sort"),
        "array",
    ),
    **dict.fromkeys(
        (
            "split",
            "trim",
            "toUpperCase",
            "toLowerCase",
            "startsWith",
            "endsWith",
            "replaceAll",
            "padStart",
            "padEnd",
            "charAt",
        ),
        "string",
    ),
    **dict.fromkeys(("toFixed",), "number"),
}
_SECRET_VERBS = ("get", "tryGet")
#: Binary operators only numbers take (`+` joins strings too; comparisons compare strings).
_ARITHMETIC = frozenset(("-", "*", "/", "%", "**"))


@dataclass(frozen=True)
class Use:
    """A name the body uses, where (1-based line and column)."""

    name: str
    line: int
    column: int


@dataclass
class BodyFacts:
    mentions: frozenset[str] = frozenset()
    #: `inputs.x`, `inputs["x"]` and `const {x} = inputs` reads.
    input_reads: list[Use] = field(default_factory=list)
    #: Literal handle names of `emit("h", ...)` / `output("h", ...)` calls.
    written_handles: list[Use] = field(default_factory=list)
    #: An emit/output call whose handle is not a string literal (writes cannot all be known).
    dynamic_writes: bool = False
    #: Literal names of `stream("h")`, `stream.first("h")`, `stream.open("h")`.
    streamed: list[Use] = field(default_factory=list)
    #: A `yield(value)` outside any generator: a legacy body whose yielded values are its outputs.
    yields: bool = False
    #: Literal names of `getSecret("n")`, `requestSecret("n", ...)`, `nodetool.secrets.get/tryGet("n")`.
    secret_reads: list[Use] = field(default_factory=list)
    #: The type an input's use implies (`inputs.rows.filter(...)`: array), where one method says so.
    input_types: dict[str, str] = field(default_factory=dict)
    #: `inputs` is used as a whole (`Object.keys(inputs)`, `inputs[key]`, passed on): any input may be read.
    inputs_whole: bool = False

    @property
    def legacy(self) -> bool:
        """Neither `emit` nor `output` is mentioned: the return contract applies."""
        return not ({"emit", "output"} & self.mentions)

    @property
    def streaming(self) -> bool:
        """The body pulls its own items (`stream` is mentioned): one invocation for the stream."""
        return "stream" in self.mentions


def _use(name: str, node: Node) -> Use:
    return Use(name, node.start_point[0] + 1, node.start_point[1] + 1)


def _first_string_arg(call: Node) -> tuple[bool, str | None]:
    """(has a first argument, its literal value or None when it is not a plain string)."""
    args = call.child_by_field_name("arguments")
    if args is None:
        return False, None
    named = [c for c in args.named_children if c.type != "comment"]
    if not named:
        return False, None
    return True, jsparse.string_value(named[0])


def analyse(body: str) -> BodyFacts:
    """Read everything the runner and the validator need from one parse.

    A body too deep or too large to analyse has no facts: its run and its validation refuse it by
    the rule (`jsparse.SourceRefused`), so the studio's form and the runner need not."""
    try:
        tree = jsparse.parse(body)
    except jsparse.SourceRefused:
        return BodyFacts()
    return analyse_tree(tree)


def analyse_tree(tree: Tree) -> BodyFacts:
    """`analyse` of an already parsed body (validation shares one tree among its checks)."""
    facts = BodyFacts()
    mentions: set[str] = set()
    for node in jsparse.walk(tree.root_node):
        kind = node.type
        if kind == "identifier" and not facts.inputs_whole and jsparse.text(node) == "inputs":
            facts.inputs_whole = not _named_read(node)
        if kind in _REFERENCES:
            mentions.add(jsparse.text(node))
        elif kind == "call_expression":
            _call(node, facts)
        elif kind in ("member_expression", "subscript_expression"):
            _input_read(node, facts)
        elif kind == "variable_declarator":
            _destructured_inputs(node, facts)
    facts.mentions = frozenset(mentions)
    facts.yields = facts.legacy and bool(jsparse.legacy_yields(tree))
    return facts


def _call(node: Node, facts: BodyFacts) -> None:
    fn = node.child_by_field_name("function")
    if fn is None:
        return
    if fn.type == "identifier" and jsparse.text(fn) in ("emit", "output"):
        has_arg, name = _first_string_arg(node)
        if name is not None:
            facts.written_handles.append(_use(name, node))
        elif has_arg:
            facts.dynamic_writes = True
        return
    if _is_secret_read(fn):
        _, name = _first_string_arg(node)
        if name is not None:
            facts.secret_reads.append(_use(name, node))
        return
    streamed = fn.type == "identifier" and jsparse.text(fn) == "stream"
    if fn.type == "member_expression":
        obj, prop = fn.child_by_field_name("object"), fn.child_by_field_name("property")
        streamed = (
            obj is not None
            and prop is not None
            and obj.type == "identifier"
            and jsparse.text(obj) == "stream"
            and jsparse.text(prop) in _STREAM_VERBS
        )
    if streamed:
        _, name = _first_string_arg(node)
        if name is not None:
            facts.streamed.append(_use(name, node))


def _is_secret_read(fn: Node) -> bool:
    """`getSecret`, `requestSecret`, or `nodetool.secrets.get`/`tryGet` (the calls a secret scope governs)."""
    if fn.type == "identifier":
        return jsparse.text(fn) in _SECRET_FUNCTIONS
    if fn.type != "member_expression":
        return False
    obj, prop = fn.child_by_field_name("object"), fn.child_by_field_name("property")
    if obj is None or prop is None or jsparse.text(prop) not in _SECRET_VERBS or obj.type != "member_expression":
        return False
    root, middle = obj.child_by_field_name("object"), obj.child_by_field_name("property")
    return (
        root is not None
        and middle is not None
        and jsparse.text(root) == "nodetool"
        and jsparse.text(middle) == "secrets"
    )


def _input_read(node: Node, facts: BodyFacts) -> None:
    obj = node.child_by_field_name("object")
    if obj is None or obj.type != "identifier" or jsparse.text(obj) != "inputs":
        return
    if node.type == "member_expression":
        prop = node.child_by_field_name("property")
        if prop is not None and prop.type == "property_identifier":
            facts.input_reads.append(_use(jsparse.text(prop), node))
            _input_type(jsparse.text(prop), node, facts)
        return
    index = node.child_by_field_name("index")
    name = jsparse.string_value(index) if index is not None else None
    if name is not None:
        facts.input_reads.append(_use(name, node))


def _input_type(name: str, read: Node, facts: BodyFacts) -> None:
    """`inputs.x.<method>(...)` with a method of one type only, arithmetic on `inputs.x` (`*`, `-`, ...; `+`
    also joins strings) or `for (... of inputs.x)`: x is of that type (first use wins)."""
    parent = read.parent
    if parent is None:
        return
    operator = parent.child_by_field_name("operator")
    if parent.type in ("binary_expression", "unary_expression") and operator is not None:
        if jsparse.text(operator) in _ARITHMETIC or (
            parent.type == "unary_expression" and jsparse.text(operator) == "-"
        ):
            facts.input_types.setdefault(name, "number")
        return
    if parent.type == "for_in_statement" and parent.child_by_field_name("right") == read:
        if any(child.type == "of" for child in parent.children):
            facts.input_types.setdefault(name, "array")
        return
    if parent.type != "member_expression" or parent.child_by_field_name("object") != read:
        return
    method = parent.child_by_field_name("property")
    kind = _TYPED_METHODS.get(jsparse.text(method)) if method is not None else None
    if kind is not None:
        facts.input_types.setdefault(name, kind)


def _named_read(inputs: Node) -> bool:
    """`inputs` read by a name the analysis records: `inputs.x`, `inputs["x"]`, `const {x} = inputs`."""
    parent = inputs.parent
    if parent is None:
        return False
    if parent.type == "member_expression" and parent.child_by_field_name("object") == inputs:
        prop = parent.child_by_field_name("property")
        return prop is not None and prop.type == "property_identifier"
    if parent.type == "subscript_expression" and parent.child_by_field_name("object") == inputs:
        index = parent.child_by_field_name("index")
        return index is not None and jsparse.string_value(index) is not None
    if parent.type == "variable_declarator" and parent.child_by_field_name("value") == inputs:
        pattern = parent.child_by_field_name("name")
        return (
            pattern is not None
            and pattern.type == "object_pattern"
            and all(c.type != "rest_pattern" for c in pattern.named_children)
        )
    return False


def _destructured_inputs(node: Node, facts: BodyFacts) -> None:
    pattern, value = node.child_by_field_name("name"), node.child_by_field_name("value")
    if (
        pattern is None
        or value is None
        or pattern.type != "object_pattern"
        or value.type != "identifier"
        or jsparse.text(value) != "inputs"
    ):
        return
    for child in pattern.named_children:
        key: Node | None = None
        if child.type == "shorthand_property_identifier_pattern":
            key = child
        elif child.type in ("pair_pattern", "object_assignment_pattern"):
            key = child.child_by_field_name("key") or child.child_by_field_name("left")
        if key is not None and key.type in ("property_identifier", "shorthand_property_identifier_pattern"):
            facts.input_reads.append(_use(jsparse.text(key), child))
