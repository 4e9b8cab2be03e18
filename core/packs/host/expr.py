"""`@cordon/sandbox-expr`: expr-eval's `evaluate(expression, variables)` on the host.

The reference runs expr-eval, whose bundle compiles with `Function`; here a
small Pratt parser reads expr-eval's grammar into a tuple tree and a tree
walker evaluates it over plain JSON values only. Nothing in either reaches a
Python object: names resolve to the `variables` object's keys, a fixed table
of math functions, or the constants `E`, `PI`, `true`, `false`; member access
(`a.b`, `a[0]`) reads JSON objects and arrays by key and index, never
attributes.

Grammar (lowest to highest): `c ? a : b`, `or`, `and`, `== != < <= > >= in`,
`+ - ||` (`||` concatenates strings and arrays), `* / %`, unary `- + not`,
`^` (power, right-associative, so `-2^2` is -4), postfix `!` (factorial),
calls, `.name` and `[index]`; number, string and `[array]` literals. Numbers
behave as JavaScript's doubles (`1/0` is Infinity inside an expression), and
the values follow JavaScript's coercions where expr-eval relies on them.

Bounds: at most MAX_LENGTH characters and MAX_DEPTH levels of nesting
(`expr-too-long` / `expr-too-deep`), strings and arrays built by `||` at most
MAX_VALUE items or characters (`expr-too-large`); a result that is not a
finite JSON value (Infinity, NaN) is `expr-not-finite`.

No operator makes a huge number: every number is a double, so `^`, `!` and
`pow` overflow to Infinity in one step, and the grammar has no shifts. What
used to build Python integers is bounded: `roundTo(x, n)` takes `n` within
±MAX_ROUND_DIGITS (`expr-digits-out-of-range`; it computed `10 ** n`, and n=1e9
held the GIL for hours), and a hexadecimal number (`0x...`, or a string one
coerces) of more than MAX_HEX_DIGITS significant digits is Infinity, as in
JavaScript, without being parsed into an integer first. Text made of values
(`join`, an array turned into a string by `||`) is refused past MAX_VALUE
characters before it is built, and a result past MAX_RESULT_ITEMS items
(`[a, a, ...]` of one large array) before it is copied (`expr-too-large`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from core.bridges.base import worker_check_alive
from core.errors import SandboxRefusal
from core.packs.host_registry import Arg, HostExport, HostModule

MAX_LENGTH = 10_000
MAX_DEPTH = 64
#: The tree's height, chains included: evaluation recurses per level, and Python's stack is ~1,000 frames.
MAX_HEIGHT = 256
MAX_VALUE = 1_000_000
#: `roundTo`'s digits: a double's decimal exponents span about ±308, so more cannot change the result.
MAX_ROUND_DIGITS = 308
#: Hexadecimal digits (leading zeros aside) of a finite double: 16**256 is 2**1024, past the largest.
MAX_HEX_DIGITS = 256
#: Items (array items, object values) of a result: more than the 5 MB `variables` can hold (~2.5 million).
MAX_RESULT_ITEMS = 5_000_000

_TOKEN = re.compile(
    r"""
    \s*(?:
      (?P<num>0x[0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
    | (?P<str>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')
    | (?P<name>[A-Za-z_$][\w$]*)
    | (?P<op>\|\||==|!=|<=|>=|[-+*/%^!<>?:,()\[\].])
    )""",
    re.VERBOSE,
)
_HEX_DIGITS = re.compile(r"[0-9a-fA-F]+")
_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f", "\\": "\\", "/": "/", "'": "'", '"': '"'}
_CONSTANTS: dict[str, Any] = {"E": math.e, "PI": math.pi, "true": True, "false": False}
#: Binary operators: token -> (left binding power, right binding power).
_BINARY = {
    "or": (2, 3),
    "and": (4, 5),
    "==": (6, 7),
    "!=": (6, 7),
    "<": (6, 7),
    "<=": (6, 7),
    ">": (6, 7),
    ">=": (6, 7),
    "in": (6, 7),
    "+": (8, 9),
    "-": (8, 9),
    "||": (8, 9),
    "*": (10, 11),
    "/": (10, 11),
    "%": (10, 11),
    "^": (15, 14),
}
_UNARY_POWER = 12  # binds looser than ^, tighter than * /
_TERNARY_POWER = 1


def _fail(message: str, *, rule: str, name: str = "Error") -> SandboxRefusal:
    return SandboxRefusal(message, rule=rule, name=name)


def _tokens(text: str) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    pos = 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        match = _TOKEN.match(text, pos)
        if match is None:
            where = len(text) - len(text[pos:].lstrip())
            raise _fail(
                f"unexpected character {text[where]!r} at position {where}", rule="expr-syntax", name="SyntaxError"
            )
        pos = match.end()
        kind = match.lastgroup or ""
        value = match.group(kind)
        if kind == "num":
            out.append(("num", _hex(value) if value.startswith("0x") else float(value)))
        elif kind == "str":
            out.append(("str", re.sub(r"\\(u[0-9a-fA-F]{4}|.)", _unescape, value[1:-1])))
        elif kind == "name" and value in ("and", "or", "not", "in"):
            out.append(("op", value))
        else:
            out.append((kind, value))
    out.append(("end", None))
    return out


def _unescape(match: re.Match[str]) -> str:
    code = match.group(1)
    return chr(int(code[1:], 16)) if code.startswith("u") else _ESCAPES.get(code, code)


class _Parser:
    """Pratt parser over the token list; every nested expression counts against MAX_DEPTH."""

    def __init__(self, tokens: list[tuple[str, Any]]) -> None:
        self.tokens = tokens
        self.at = 0
        self.depth = 0

    def peek(self) -> tuple[str, Any]:
        return self.tokens[self.at]

    def take(self) -> tuple[str, Any]:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def expect(self, op: str) -> None:
        kind, value = self.take()
        if (kind, value) != ("op", op):
            raise _fail(f"expected {op!r}, found {_shown(kind, value)}", rule="expr-syntax", name="SyntaxError")

    def expression(self, min_power: int = 0) -> tuple[Any, ...]:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise _fail(f"the expression nests deeper than {MAX_DEPTH} levels", rule="expr-too-deep", name="RangeError")
        left = self.prefix()
        while True:
            kind, op = self.peek()
            if kind != "op":
                break
            if op == "?" and min_power <= _TERNARY_POWER:
                self.take()
                yes = self.expression(0)
                self.expect(":")
                left = ("?", left, yes, self.expression(_TERNARY_POWER))
            elif op in _BINARY and _BINARY[op][0] >= min_power:
                self.take()
                left = ("bin", op, left, self.expression(_BINARY[op][1]))
            else:
                break
        self.depth -= 1
        return left

    def prefix(self) -> tuple[Any, ...]:
        kind, value = self.take()
        if kind in ("num", "str"):
            node: tuple[Any, ...] = ("lit", value)
        elif kind == "name":
            node = ("name", value)
        elif (kind, value) == ("op", "("):
            node = self.expression(0)
            self.expect(")")
        elif (kind, value) == ("op", "["):
            node = ("array", self.items("]"))
        elif kind == "op" and value in ("-", "+", "not"):
            return ("unary", value, self.expression(_UNARY_POWER))
        else:
            raise _fail(f"unexpected {_shown(kind, value)}", rule="expr-syntax", name="SyntaxError")
        return self.postfix(node)

    def postfix(self, node: tuple[Any, ...]) -> tuple[Any, ...]:
        while True:
            kind, value = self.peek()
            if (kind, value) == ("op", "(") and node[0] == "name":
                self.take()
                node = ("call", node[1], self.items(")"))
            elif (kind, value) == ("op", "."):
                self.take()
                kind, name = self.take()
                if kind != "name":
                    raise _fail(
                        f"expected a property name after '.', found {_shown(kind, name)}",
                        rule="expr-syntax",
                        name="SyntaxError",
                    )
                node = ("member", node, ("lit", name))
            elif (kind, value) == ("op", "["):
                self.take()
                node = ("member", node, self.expression(0))
                self.expect("]")
            elif (kind, value) == ("op", "!"):
                self.take()
                node = ("call", "fac", [node])
            else:
                return node

    def items(self, close: str) -> list[tuple[Any, ...]]:
        out: list[tuple[Any, ...]] = []
        if self.peek() == ("op", close):
            self.take()
            return out
        while True:
            out.append(self.expression(0))
            kind, value = self.take()
            if (kind, value) == ("op", close):
                return out
            if (kind, value) != ("op", ","):
                raise _fail(
                    f"expected ',' or {close!r}, found {_shown(kind, value)}", rule="expr-syntax", name="SyntaxError"
                )


def _shown(kind: str, value: Any) -> str:
    return "the end of the expression" if kind == "end" else repr(value)


def parse(text: str) -> tuple[Any, ...]:
    """The tree of `text`, or expr-syntax / expr-too-long / expr-too-deep."""
    if len(text) > MAX_LENGTH:
        raise _fail(
            f"the expression is {len(text)} characters, at most {MAX_LENGTH}", rule="expr-too-long", name="RangeError"
        )
    parser = _Parser(_tokens(text))
    tree = parser.expression(0)
    kind, value = parser.take()
    if kind != "end":
        raise _fail(f"unexpected {_shown(kind, value)}", rule="expr-syntax", name="SyntaxError")
    height = _height(tree)
    if height > MAX_HEIGHT:
        raise _fail(
            f"the expression's tree is {height} levels deep (a chain of that many operators), at most {MAX_HEIGHT}:"
            " split it into smaller expressions",
            rule="expr-too-deep",
            name="RangeError",
        )
    return tree


def _height(tree: tuple[Any, ...]) -> int:
    """The tree's height, counted without recursion: a left-deep chain (`a + a + ... + a`) nests
    no parentheses, so MAX_DEPTH does not see it, yet evaluating it recurses once per operator."""
    height, todo = 0, [(tree, 1)]
    while todo:
        node, level = todo.pop()
        height = max(height, level)
        for child in node:  # operands are tuples; an array's items and a call's arguments, lists of them
            if isinstance(child, list):
                todo.extend((item, level + 1) for item in child)
            elif isinstance(child, tuple) and child:
                todo.append((child, level + 1))
    return height


# -- values: JavaScript's coercions on JSON values ------------------------------------------------------------


def _number(value: Any) -> float:
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, int | float):
        return float(value)
    if value is None:
        return 0.0
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return 0.0
        try:
            return _hex(text) if text.lower().startswith("0x") else float(text)
        except ValueError:
            return math.nan
    return math.nan


def _hex(text: str) -> float:
    """`0x...` as JavaScript's Number reads it: past a double's range it is Infinity, decided by the
    digit count before any integer is built. ValueError (NaN to the caller) for a non-hex digit."""
    digits = text[2:]
    if not _HEX_DIGITS.fullmatch(digits):
        raise ValueError(f"not a hexadecimal number: {text[:20]!r}")
    digits = digits.lstrip("0") or "0"
    if len(digits) > MAX_HEX_DIGITS:
        return math.inf
    try:
        return float(int(digits, 16))
    except OverflowError:
        return math.inf


def _truthy(value: Any) -> bool:
    if isinstance(value, float) and math.isnan(value):
        return False
    return value not in (None, False, 0, "") if not isinstance(value, list | dict) else True


def _divide(a: float, b: float) -> float:
    if b == 0:
        return math.nan if a == 0 or math.isnan(a) else math.copysign(math.inf, a) * math.copysign(1, b)
    return a / b


def _power(a: float, b: float) -> float:
    try:
        result = math.pow(a, b)
    except OverflowError:
        return math.inf
    except ValueError:
        return math.nan
    return result


def _modulo(a: float, b: float) -> float:
    return math.nan if b == 0 or math.isinf(a) else math.fmod(a, b)


def _compare(op: str, a: Any, b: Any) -> bool:
    if not (isinstance(a, str) and isinstance(b, str)):
        a, b = _number(a), _number(b)
    return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]


def _equal(a: Any, b: Any) -> bool:
    """JavaScript's `===` on JSON values (expr-eval's `==`): same type and value; arrays by identity never match."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return float(a) == float(b)
    return type(a) is type(b) and isinstance(a, str | type(None)) and a == b


def _joined(sep: str, parts: Iterable[str]) -> str:
    """`parts` joined by `sep`, refused once the text would pass MAX_VALUE characters, before it is
    built: an array of 3,000 copies of one million-character string would be 3 GB of text."""
    kept: list[str] = []
    size = 0
    for part in parts:
        size += len(part) + (len(sep) if kept else 0)
        if size > MAX_VALUE:
            raise _fail(
                f"an array joined into text is more than {MAX_VALUE} characters",
                rule="expr-too-large",
                name="RangeError",
            )
        kept.append(part)
    return sep.join(kept)


def _concat(a: Any, b: Any) -> Any:
    if isinstance(a, list) and isinstance(b, list):
        result: Any = a + b
    else:
        result = _string(a) + _string(b)
    if len(result) > MAX_VALUE:
        raise _fail(
            f"'||' built a value of {len(result)} items, at most {MAX_VALUE}", rule="expr-too-large", name="RangeError"
        )
    return result


def _string(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float | int):
        return _js_number(float(value))
    if value is None:
        return "null"
    if isinstance(value, list):
        return _joined(",", ("" if v is None else _string(v) for v in value))
    if isinstance(value, dict):
        return "[object Object]"
    return str(value)


def _js_number(x: float) -> str:
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    return str(int(x)) if x.is_integer() and abs(x) < 1e21 else repr(x)


def _fac(x: float) -> float:
    if math.isnan(x) or x < 0:
        return math.nan if x != int(x) or x < 0 else 1.0
    if x > 170:
        return math.inf
    return math.gamma(x + 1)


def _round_to(x: float, digits: float = 0) -> float:
    if abs(digits) > MAX_ROUND_DIGITS:  # NaN passes on to int(), which makes it NaN (ValueError)
        raise _fail(
            f"roundTo takes at most {MAX_ROUND_DIGITS} digits either side of the point, got {_js_number(digits)}",
            rule="expr-digits-out-of-range",
            name="RangeError",
        )
    factor = 10 ** int(digits)
    return math.floor(x * factor + 0.5) / factor


def _length(value: Any) -> float:
    return float(len(value)) if isinstance(value, str | list) else float(len(_string(value)))


def _safe(fn: Callable[..., float]) -> Callable[..., float]:
    def call(*args: Any) -> float:
        try:
            return fn(*(_number(a) for a in args))
        except (ValueError, ZeroDivisionError):
            return math.nan
        except OverflowError:
            return math.inf

    return call


#: The fixed function table (expr-eval's defaults, without the ones that define functions).
FUNCTIONS: dict[str, Callable[..., Any]] = {
    **{
        name: _safe(fn)
        for name, fn in dict[str, Callable[..., float]](
            {
                "abs": abs,
                "acos": math.acos,
                "acosh": math.acosh,
                "asin": math.asin,
                "asinh": math.asinh,
                "atan": math.atan,
                "atanh": math.atanh,
                "cbrt": lambda x: math.copysign(abs(x) ** (1 / 3), x),
                "ceil": math.ceil,
                "cos": math.cos,
                "cosh": math.cosh,
                "exp": math.exp,
                "expm1": math.expm1,
                "floor": math.floor,
                "ln": math.log,
                "log": math.log,
                "log10": math.log10,
                "log2": math.log2,
                "log1p": math.log1p,
                "round": lambda x: math.floor(x + 0.5),
                "sign": lambda x: math.copysign(1, x) if x else x,
                "sin": math.sin,
                "sinh": math.sinh,
                "sqrt": math.sqrt,
                "tan": math.tan,
                "tanh": math.tanh,
                "trunc": math.trunc,
                "fac": _fac,
                "gamma": math.gamma,
                "pow": _power,
                "atan2": math.atan2,
                "hypot": math.hypot,
                "pyt": math.hypot,
                "roundTo": _round_to,
                "min": lambda *xs: min(xs) if xs else math.inf,
                "max": lambda *xs: max(xs) if xs else -math.inf,
            }
        ).items()
    },
    "length": _length,
    "indexOf": lambda target, seq: float(seq.index(target)) if isinstance(seq, list | str) and target in seq else -1.0,
    "join": lambda sep, items: _joined(_string(sep), (_string(i) for i in items)) if isinstance(items, list) else "",
}


def _evaluate(node: tuple[Any, ...], scope: Mapping[str, Any]) -> Any:
    # Per node (at most ~MAX_LENGTH of them): one node can scan a million-item variable (`x in list`),
    # so a stopped run's evaluation must not keep a host worker busy through the rest of the tree.
    worker_check_alive()
    kind = node[0]
    if kind == "lit":
        return node[1]
    if kind == "name":
        name = node[1]
        if name in scope:
            return scope[name]
        if name in _CONSTANTS:
            return _CONSTANTS[name]
        raise _fail(f"undefined variable: {name}", rule="expr-unknown-name", name="ReferenceError")
    if kind == "array":
        return [_evaluate(item, scope) for item in node[1]]
    if kind == "?":
        return _evaluate(node[2] if _truthy(_evaluate(node[1], scope)) else node[3], scope)
    if kind == "unary":
        value = _evaluate(node[2], scope)
        return not _truthy(value) if node[1] == "not" else -_number(value) if node[1] == "-" else _number(value)
    if kind == "member":
        return _member(_evaluate(node[1], scope), _evaluate(node[2], scope))
    if kind == "call":
        if node[1] == "if" and len(node[2]) == 3:  # lazy, like the ternary
            return _evaluate(node[2][1] if _truthy(_evaluate(node[2][0], scope)) else node[2][2], scope)
        fn = FUNCTIONS.get(node[1])
        if fn is None:
            raise _fail(f"{node[1]} is not a function", rule="expr-unknown-name", name="ReferenceError")
        return fn(*(_evaluate(arg, scope) for arg in node[2]))
    return _binary(node[1], node[2], node[3], scope)


def _binary(op: str, left_node: tuple[Any, ...], right_node: tuple[Any, ...], scope: Mapping[str, Any]) -> Any:
    left = _evaluate(left_node, scope)
    if op == "and":
        return _truthy(left) and _truthy(_evaluate(right_node, scope))
    if op == "or":
        return _truthy(left) or _truthy(_evaluate(right_node, scope))
    right = _evaluate(right_node, scope)
    if op == "==":
        return _equal(left, right)
    if op == "!=":
        return not _equal(left, right)
    if op in ("<", "<=", ">", ">="):
        return _compare(op, left, right)
    if op == "in":
        return isinstance(right, list) and any(_equal(left, item) for item in right)
    if op == "||":
        return _concat(left, right)
    a, b = _number(left), _number(right)
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        return _divide(a, b)
    if op == "%":
        return _modulo(a, b)
    return _power(a, b)


def _member(target: Any, key: Any) -> Any:
    if isinstance(target, dict) and isinstance(key, str):
        return target.get(key)
    if isinstance(target, list | str) and isinstance(key, int | float) and not isinstance(key, bool):
        index = _number(key)
        return target[int(index)] if index.is_integer() and 0 <= index < len(target) else None
    return None


def _count(value: Any) -> None:
    """Refuse a result of more than MAX_RESULT_ITEMS items (array items, object values) before it is
    copied: `[a, a, ...]` names one large array once per item. Each array is counted by its length
    when its parent is scanned, so the refusal comes before the copies' own items are looked at."""
    items = len(value) if isinstance(value, list | dict) else 0
    todo = [value]
    while todo and items <= MAX_RESULT_ITEMS:
        v = todo.pop()
        for x in v.values() if isinstance(v, dict) else v if isinstance(v, list) else ():
            if isinstance(x, list | dict):
                items += len(x)
                if items > MAX_RESULT_ITEMS:
                    break
                todo.append(x)
    if items > MAX_RESULT_ITEMS:
        raise _fail(f"the result holds more than {MAX_RESULT_ITEMS} items", rule="expr-too-large", name="RangeError")


def _finite(value: Any) -> Any:
    """The result as JSON: integral doubles become ints; Infinity and NaN are refused."""
    if isinstance(value, float):
        if not math.isfinite(value):
            raise _fail(
                f"the expression evaluated to {_js_number(value)}, which is not a finite number",
                rule="expr-not-finite",
                name="RangeError",
            )
        return int(value) if value.is_integer() and abs(value) < 2**53 else value
    if isinstance(value, list):
        return [_finite(v) for v in value]
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    return value


def evaluate(expression: str, variables: Mapping[str, Any] | None = None) -> Any:
    if variables is not None and not isinstance(variables, dict):
        raise _fail("variables must be an object of name -> value", rule="host-argument-invalid", name="TypeError")
    tree = parse(expression)
    value = _evaluate(tree, variables or {})
    _count(value)
    return _finite(value)


MODULE = HostModule(
    "cordon.expr",
    "@cordon/sandbox-expr",
    "2",
    {
        "evaluate": HostExport(
            evaluate,
            (Arg("expression", ("string",), max_bytes=MAX_LENGTH * 4), Arg("variables", ("json",), optional=True)),
        ),
    },
)
