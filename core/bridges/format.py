"""format.number/date/relativeTime/list: Intl's formatters on the host, with Babel.

QuickJS ships no Intl, so the guest asks the host. All four are async, as in the
reference, and take Intl's option names with Intl's meaning: each function maps
the options onto CLDR data through Babel and gives V8's strings (tests compare
with V8's own output). Where they differ on purpose:

* the time zone defaults to UTC, not the host's zone (a run must not learn where
  the host is, and the same body must give the same text everywhere);
* an Intl option Babel cannot honour (`roundingMode`, relativeTime's
  `numeric: "auto"`, ...) is refused by name (rule `format-unsupported-option`)
  instead of being ignored; names Intl does not know are ignored, as V8 does;
* inputs that drive host cost are capped: fraction digits 0-100 (Intl's range),
  significant digits 1-21, list length `MAX_LIST_ITEMS` and list text
  `hostTextInputBytes`. The work runs in a worker thread
  (`base.in_worker_thread`), so the run's deadline and cancel stop it.

Babel keeps every locale it loads for the life of the process (~0.2 MB each, 1,000+
locales); `_trim_locale_cache` bounds that so host memory stays flat across runs.
"""

from __future__ import annotations

import copy
import decimal
import functools
import math
import re
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from core.bridges import declared
from core.bridges.base import Op, RunScope, in_worker_thread
from core.errors import SandboxRefusal

RULE_OPTION = "format-bad-option"
RULE_UNSUPPORTED = "format-unsupported-option"
RULE_TOO_LARGE = "format-too-large"
RULE_FAILED = "format-failed"
#: Items one format.list call takes (Intl has no cap; the host's work and the result grow with it).
MAX_LIST_ITEMS = 10_000
#: Locales Babel may keep loaded at once; more are dropped and reloaded on demand (~1 ms each).
MAX_CACHED_LOCALES = 32
#: Longest locale tag or time zone name looked up (real ones are well under this).
_MAX_NAME = 64
#: Enough digits for any number the guest can send (a double is at most ~1e308) with 100 fraction digits.
_DECIMAL = decimal.Context(prec=1000, rounding=decimal.ROUND_HALF_UP, Emax=999_999, Emin=-999_999)


# -- options ---------------------------------------------------------------------------


def _refuse(what: str, message: str, rule: str = RULE_OPTION, name: str = "RangeError") -> SandboxRefusal:
    return SandboxRefusal(f"format.{what}: {message}", rule=rule, name=name)


def _unsupported(what: str, options: Mapping[str, Any], names: tuple[str, ...]) -> None:
    """Refuse Intl options Babel has no equivalent for, naming the first one given."""
    for key in names:
        if options.get(key) is not None:
            raise _refuse(
                what,
                f"option {key!r} is not supported on this host (Babel has no equivalent); leave it out",
                RULE_UNSUPPORTED,
                "NotSupportedError",
            )


def _choice(what: str, options: Mapping[str, Any], key: str, allowed: tuple[str, ...], default: str | None) -> Any:
    value = options.get(key)
    if value is None:
        return default
    if value not in allowed:
        shown = repr(value)[:40]
        raise _refuse(what, f"{key} must be one of {', '.join(allowed)}, got {shown}")
    return value


def _digits(what: str, options: Mapping[str, Any], key: str, low: int, high: int) -> int | None:
    """An Intl digit option: ToNumber'd ("3" -> 3, true -> 1), in [low, high], floored (GetNumberOption)."""
    value = options.get(key)
    if value is None:
        return None
    number = _to_number(value)
    if not math.isfinite(number) or not low <= number <= high:
        raise _refuse(what, f"{key} must be a number from {low} to {high}, got {repr(value)[:40]}")
    return math.floor(number)


def _to_number(value: Any) -> float:
    """JavaScript's ToNumber for the option values that can cross the bridge."""
    if isinstance(value, (bool, int, float)):
        return float(value)
    if isinstance(value, str):
        text = value.strip()
        try:
            return float(text) if text else 0.0
        except ValueError:
            return math.nan
    return math.nan


def _locale(what: str, options: Mapping[str, Any]) -> Any:
    import babel  # Babel costs ~40 ms to import: only runs that format pay it

    name = options.get("locale") or "en-US"
    if not isinstance(name, str) or len(name) > _MAX_NAME:
        raise SandboxRefusal(
            f"format.{what}: unknown locale {str(name)[:_MAX_NAME]!r}", rule="format-locale", name="RangeError"
        )
    try:
        return babel.Locale.parse(name.replace("-", "_"))
    except (ValueError, TypeError, babel.UnknownLocaleError):
        raise SandboxRefusal(
            f"format.{what}: unknown locale {name!r}", rule="format-locale", name="RangeError"
        ) from None


def _trim_locale_cache() -> None:
    """Bound Babel's process-wide locale data cache (a plain dict that only grows).

    `babel.localedata._cache` is private to Babel (pinned in pyproject.toml): a Babel
    upgrade that moves it makes every format call fail, which the tests show at once.
    """
    from babel import localedata

    if len(localedata._cache) > MAX_CACHED_LOCALES:
        with localedata._cache_lock:
            localedata._cache.clear()


def _on_worker(fn: Callable[..., str]) -> Op:
    """An op that runs `fn` in a worker thread with exact decimal arithmetic, then trims caches."""
    what = fn.__name__.strip("_").replace("relative", "relativeTime")

    async def op(scope: RunScope, *args: Any) -> str:
        def work() -> str:
            try:
                with decimal.localcontext(_DECIMAL):
                    return fn(scope, *args)
            except (ArithmeticError, LookupError, ValueError) as exc:  # Babel's data has no answer for this
                raise _refuse(
                    what,
                    f"cannot format this with these options ({type(exc).__name__}: {str(exc)[:200]})",
                    RULE_FAILED,
                    "Error",
                ) from None
            finally:
                _trim_locale_cache()

        return await in_worker_thread(scope, work)

    op.__qualname__ = fn.__qualname__
    return Op(op)


# -- numbers ---------------------------------------------------------------------------

_NUMBER_UNSUPPORTED = (
    "roundingMode",
    "roundingPriority",
    "roundingIncrement",
    "trailingZeroDisplay",
    "numberingSystem",
)
_ONE = decimal.Decimal(1)


def _round(value: decimal.Decimal, fraction_digits: int) -> decimal.Decimal:
    return value.quantize(_ONE.scaleb(-fraction_digits))


#: A group size no number reaches: how "no grouping" is spelled so minimumIntegerDigits still applies.
_NEVER = 10**6


def _as_shown(value: decimal.Decimal, fraction: tuple[int, int]) -> decimal.Decimal:
    """`value` with the fraction digits it is printed with (plural rules count them: "1.00" is not "1")."""
    return value.quantize(_ONE.scaleb(-max(fraction[0], _shown_fraction(value))))


def _shown_fraction(value: decimal.Decimal) -> int:
    """Fraction digits `value` needs once trailing zeros are dropped."""
    exponent = value.normalize().as_tuple().exponent
    return 0 if value.is_zero() or not isinstance(exponent, int) else max(0, -exponent)


class NumberFormat:
    """Intl.NumberFormat's options resolved once; `format(value)` prints what V8 prints."""

    def __init__(self, options: Mapping[str, Any], what: str = "number") -> None:
        from babel import numbers

        self.what = what
        _unsupported(what, options, _NUMBER_UNSUPPORTED)
        self.locale = _locale(what, options)
        self.style = _choice(what, options, "style", ("decimal", "percent", "currency", "unit"), "decimal")
        self.notation = _choice(
            what, options, "notation", ("standard", "scientific", "engineering", "compact"), "standard"
        )
        self.compact_display = _choice(what, options, "compactDisplay", ("short", "long"), "short")
        self.sign = _choice(what, options, "signDisplay", ("auto", "always", "never", "exceptZero", "negative"), "auto")
        grouping = options.get("useGrouping")
        if grouping not in (None, True, False, "always", "auto", "min2"):
            raise _refuse(what, f"useGrouping must be true, false, 'always', 'auto' or 'min2', got {grouping!r}")
        # Intl's default is "auto", except compact notation, whose default is "min2" (1234 -> 1234 in de).
        self.grouping = "min2" if grouping is None and self.notation == "compact" else grouping
        self.currency: str | None = None
        self.display = "symbol"
        self.accounting = False
        default_min, default_max = 0, 3
        if self.style == "currency":
            code = options.get("currency")
            if not isinstance(code, str) or len(code) != 3 or not code.isascii() or not code.isalpha():
                raise _refuse(
                    what, "style 'currency' needs a three-letter currency code (options.currency)", name="TypeError"
                )
            self.currency = code.upper()
            self.display = _choice(
                what, options, "currencyDisplay", ("symbol", "narrowSymbol", "code", "name"), "symbol"
            )
            if self.display == "narrowSymbol":  # CLDR's narrow symbols are not in Babel's data
                _unsupported(what, {"currencyDisplay: 'narrowSymbol'": 1}, ("currencyDisplay: 'narrowSymbol'",))
            self.accounting = (
                _choice(what, options, "currencySign", ("standard", "accounting"), "standard") == "accounting"
            )
            default_min = default_max = numbers.get_currency_precision(self.currency)
        elif self.style == "percent":
            default_max = 0
        elif self.style == "unit":
            unit = options.get("unit")
            if not isinstance(unit, str) or not unit or len(unit) > _MAX_NAME:
                raise _refuse(
                    what, "style 'unit' needs a unit (options.unit, e.g. 'kilometer-per-hour')", name="TypeError"
                )
            self.unit = unit
            self.unit_display = _choice(what, options, "unitDisplay", ("short", "long", "narrow"), "short")
        self.min_int = _digits(what, options, "minimumIntegerDigits", 1, 21) or 1
        lo = _digits(what, options, "minimumFractionDigits", 0, 100)
        hi = _digits(what, options, "maximumFractionDigits", 0, 100)
        if lo is not None and hi is not None and lo > hi:
            raise _refuse(what, f"maximumFractionDigits ({hi}) is less than minimumFractionDigits ({lo})")
        low_sig = _digits(what, options, "minimumSignificantDigits", 1, 21)
        high_sig = _digits(what, options, "maximumSignificantDigits", 1, 21)
        self.significant: tuple[int, int] | None = None
        if low_sig is not None or high_sig is not None:
            low_sig, high_sig = low_sig or 1, 21 if high_sig is None else high_sig
            if low_sig > high_sig:
                raise _refuse(
                    what, f"maximumSignificantDigits ({high_sig}) is less than minimumSignificantDigits ({low_sig})"
                )
            self.significant = (low_sig, high_sig)
        #: Compact notation without digit options rounds its own way (Intl's "compact rounding").
        self.compact_rounding = self.notation == "compact" and lo is None and hi is None and self.significant is None
        lo = (default_min if hi is None else min(default_min, hi)) if lo is None else lo
        self.fraction = (lo, max(default_max, lo) if hi is None else hi)

    def format(self, number: float) -> str:
        # A double prints as its shortest round-trip form ("1.005", not 1.00499999...), as ICU does.
        value = decimal.Decimal(number if isinstance(number, int) or not math.isfinite(number) else repr(number))
        if self.style == "percent" and value.is_finite():
            value = value.scaleb(2)
        negative, magnitude = value.is_signed(), abs(value)
        exponent, compact_key = 0, None
        if magnitude.is_finite() and not magnitude.is_zero():
            if self.notation in ("scientific", "engineering"):
                exponent = self._exponent(magnitude)
            elif self.notation == "compact":
                exponent, compact_key = self._compact(magnitude)
        shown, fraction = self._rounded(magnitude.scaleb(-exponent))
        minus = self._sign(negative, shown)
        symbols = self._symbols()
        power = ""  # the exponent sits right after the digits, before any suffix ("1E1%")
        if self.notation in ("scientific", "engineering") and shown.is_finite():
            power = symbols.get("exponential", "E") + ("-" if exponent < 0 else "") + str(abs(exponent))
        # "1 Million" but "2 Millionen": the compact pattern follows the plural of the digits shown.
        compact = self._compact_pattern(compact_key, shown, fraction) if compact_key else None
        text = self._plain(shown, fraction, minus, compact, power, shown.scaleb(exponent))
        # Babel's patterns carry an ASCII "-"; ICU prints the locale's signs ("−" in sv, also in exponents).
        if minus is not None:
            text = text.replace("-", symbols.get("minusSign" if minus == "-" else "plusSign", minus), 1)
        if power and exponent < 0:
            text = text.replace(power, power.replace("-", symbols.get("minusSign", "-")), 1)
        return text

    def _symbols(self) -> Mapping[str, str]:
        return self.locale.number_symbols["latn"]

    def _sign(self, negative: bool, shown: decimal.Decimal) -> str | None:
        """'-', '+' or None: Intl's signDisplay on the number as rounded."""
        zero = shown.is_zero() if shown.is_finite() else False
        if self.sign == "auto":
            return "-" if negative else None
        if self.sign == "always":
            return "-" if negative else "+"
        if self.sign == "exceptZero":
            return None if zero or shown.is_nan() else "-" if negative else "+"
        if self.sign == "negative":
            return "-" if negative and not zero else None
        return None

    def _rounded(self, value: decimal.Decimal) -> tuple[decimal.Decimal, tuple[int, int]]:
        """`value` rounded as Intl rounds (half away from zero) and the fraction digits to show."""
        if not value.is_finite():
            return value, self.fraction
        if self.significant is not None:
            low, high = self.significant
            magnitude = 0 if value.is_zero() else value.adjusted()
            rounded = value.quantize(_ONE.scaleb(magnitude - high + 1))
            if not rounded.is_zero() and rounded.adjusted() > magnitude:  # 9.99 -> 10: one digit more
                magnitude += 1
                rounded = rounded.quantize(_ONE.scaleb(magnitude - high + 1))
            least = max(0, low - magnitude - 1)
            return rounded, (least, max(least, _shown_fraction(rounded)))
        if self.compact_rounding:
            if value >= 100 or value.is_zero():
                return _round(value, 0), (0, 0)
            rounded = value.quantize(_ONE.scaleb(value.adjusted() - 1))  # two significant digits
            return rounded, (0, _shown_fraction(rounded))
        return _round(value, self.fraction[1]), self.fraction

    def _exponent(self, magnitude: decimal.Decimal) -> int:
        step = 3 if self.notation == "engineering" else 1
        exponent = magnitude.adjusted() - magnitude.adjusted() % step
        if self._rounded(magnitude.scaleb(-exponent))[0] >= 10**step:  # 9.9996 -> 10.000: carry
            exponent += step
        return exponent

    def _compact_formats(self) -> Mapping[str, Mapping[str, Any]]:
        """{plural: {"1000": pattern, ...}}; locales without long forms use the short ones, as ICU does."""
        by_display = self.locale.compact_decimal_formats
        return by_display.get(self.compact_display) or by_display.get("short") or {}

    def _compact(self, magnitude: decimal.Decimal) -> tuple[int, str | None]:
        """The power of ten to divide by and the CLDR compact key ICU picks for `magnitude` (after rounding)."""
        formats = self._compact_formats().get("other", {})
        scale = 0
        for _ in range(2):  # rounding can carry into the next magnitude (999,999 -> 1M)
            power = min(magnitude.adjusted(), 14)
            key = str(10**power)
            chosen = formats.get(key) if power >= 3 else None
            if chosen is None or chosen.pattern == "0":
                return 0, None
            scale = power - chosen.pattern.count("0") + 1
            rounded, _ = self._rounded(magnitude.scaleb(-scale))
            if rounded.adjusted() + scale > power and power < 14:
                magnitude = rounded.scaleb(scale)
                continue
            return scale, key
        return scale, key

    def _compact_pattern(self, key: str, shown: decimal.Decimal, fraction: tuple[int, int]) -> Any:
        formats = self._compact_formats()
        plural = self.locale.plural_form(_as_shown(shown, fraction))
        return formats.get(plural, {}).get(key) or formats["other"][key]

    def _base_pattern(self) -> Any:
        locale = self.locale
        if self.style == "percent":
            return locale.percent_formats[None]
        if self.style == "currency" and self.display != "name":
            return locale.currency_formats["accounting" if self.accounting else "standard"]
        return locale.decimal_formats[None]

    def _plain(
        self,
        value: decimal.Decimal,
        fraction: tuple[int, int],
        sign: str | None,
        compact: Any,
        power: str,
        full: decimal.Decimal,
    ) -> str:
        """The rounded number in the style's pattern: a '-' where `sign` goes, `power` after the digits.

        `full` is the whole number shown (for "1E21 bytes"), `value` its digits.
        """
        pattern = copy.copy(self._base_pattern())
        if sign == "+":  # ICU puts a plus where the implicit negative pattern has its minus, even in accounting
            pattern.prefix = (pattern.prefix[0], "-" + pattern.prefix[0])
            pattern.suffix = (pattern.suffix[0], pattern.suffix[0])
        if compact is not None:  # compact patterns carry the suffix ("K", " Mio."); digits are ours
            pattern.prefix = tuple(p + compact.prefix[0] for p in pattern.prefix)
            pattern.suffix = tuple(compact.suffix[0] + s for s in pattern.suffix)
        if power:
            pattern.suffix = tuple(f"'{power}'" + s for s in pattern.suffix)
        pattern.frac_prec = fraction
        pattern.scale = 0  # a percent is scaled (and rounded) by `format` already
        pattern.int_prec = (self.min_int, pattern.int_prec[1])
        grouping = self.grouping is not False and not (
            self.grouping == "min2" and (not value.is_finite() or value.adjusted() < 4)
        )
        if not grouping:  # Babel's own switch also drops minimumIntegerDigits: never group instead
            pattern.grouping = (_NEVER, _NEVER)
        signed = value.copy_negate() if sign is not None else value
        text = pattern.apply(signed, self.locale, currency=self.currency, currency_digits=False)
        if self.style == "currency":
            return self._currency_label(text, full)
        if self.style == "unit":
            return self._unit(text, full)
        return text

    def _currency_label(self, text: str, value: decimal.Decimal) -> str:
        from babel import numbers

        assert self.currency is not None
        if self.display == "name":
            patterns = self.locale._data["currency_unit_patterns"]
            name = numbers.get_currency_name(self.currency, value, self.locale)
            return (patterns.get(self._plural(value)) or patterns["other"]).replace("{0}", text).replace("{1}", name)
        symbol = numbers.get_currency_symbol(self.currency, self.locale)
        label = self.currency if self.display == "code" else symbol
        at = text.find(symbol)
        if at < 0 or not label:
            return text
        # CLDR currency spacing: a label whose edge is a letter ("CHF", "USD") is set off from a digit
        # by a no-break space; a symbol character ("$", "€") is not.
        end = at + len(symbol)
        before = "\xa0" if at > 0 and text[at - 1].isdigit() and label[0].isalpha() else ""
        after = "\xa0" if end < len(text) and text[end].isdigit() and label[-1].isalpha() else ""
        return text[:at] + before + label + after + text[end:]

    def _unit(self, text: str, value: decimal.Decimal) -> str:
        import babel
        from babel import units

        # Partial locale data falls back as ICU's does: to another width, then to CLDR's root locale.
        widths = {"narrow": ("narrow", "short", "long"), "short": ("short", "long"), "long": ("long", "short")}
        patterns = None
        for locale in (self.locale, babel.Locale("root")):
            found = units._find_unit_pattern(self.unit, locale=locale)
            lengths = locale._data["unit_patterns"].get(found, {}) if found else {}
            patterns = next((lengths[w] for w in widths[self.unit_display] if "other" in lengths.get(w, {})), None)
            if patterns:
                break
        if not patterns:
            raise _refuse(
                self.what,
                f"unknown unit {self.unit!r} (use a simple unit such as 'kilometer', 'liter' or 'kilometer-per-hour')",
            )
        return (patterns.get(self._plural(value)) or patterns["other"]).replace("{0}", text)

    def _plural(self, value: decimal.Decimal) -> str:
        """The plural category of the number as shown ("1 liter", but "1.00 US dollars")."""
        if not value.is_finite():
            return "other"
        return self.locale.plural_form(_as_shown(value, self.fraction if self.significant is None else (0, 0)))


def _number(scope: RunScope, value: float, options: dict[str, Any], negative_zero: bool) -> str:
    return NumberFormat(options).format(-0.0 if negative_zero else value)


# -- dates -----------------------------------------------------------------------------

_STYLES = ("full", "long", "medium", "short")
#: Intl.DateTimeFormat component options -> {value: CLDR skeleton letters}.
_COMPONENTS: dict[str, dict[str, str]] = {
    "era": {"narrow": "GGGGG", "short": "G", "long": "GGGG"},
    "year": {"numeric": "y", "2-digit": "yy"},
    "month": {"numeric": "M", "2-digit": "MM", "short": "MMM", "long": "MMMM", "narrow": "MMMMM"},
    "day": {"numeric": "d", "2-digit": "dd"},
    "weekday": {"narrow": "EEEEE", "short": "E", "long": "EEEE"},
    "hour": {"numeric": "j", "2-digit": "jj"},
    "minute": {"numeric": "m", "2-digit": "mm"},
    "second": {"numeric": "s", "2-digit": "ss"},
    "timeZoneName": {"short": "z", "long": "zzzz"},
}
_DATE_UNSUPPORTED = ("dayPeriod", "fractionalSecondDigits", "calendar", "numberingSystem", "formatMatcher")


def _hour12(what: str, options: Mapping[str, Any]) -> bool | None:
    """hour12, else hourCycle h12/h23 (V8: hour12 wins); None keeps the locale's clock."""
    hour12 = options.get("hour12")
    cycle = _choice(what, options, "hourCycle", ("h11", "h12", "h23", "h24"), None)
    if hour12 is None and cycle in ("h11", "h24"):  # 0-11 and 1-24 hours: no CLDR pattern writes them
        _unsupported(what, {f"hourCycle: {cycle!r}": 1}, (f"hourCycle: {cycle!r}",))
    return bool(hour12) if hour12 is not None else None if cycle is None else cycle == "h12"


def _hour_cycle(locale: Any, pattern: str, hour12: bool | None) -> str:
    """A time style's pattern on the 12- or 24-hour clock, as ICU regenerates it.

    The hour, minute and second fields become a skeleton at the pattern's own hour width
    ("HH:mm" asked for 12 hours is "hhmm" -> "hh:mm a" in German, "ahh:mm" in Chinese);
    the zone field keeps its side.
    """
    code = "".join(pattern.split("'")[::2])  # outside quoted literals
    if hour12 is None or hour12 == bool(re.search("[hK]", code)):
        return pattern
    hours = re.search("[hHkK]+", code)
    width = len(hours.group()) if hours else 1
    skeleton = ("h" if hour12 else "H") * width + "mm" + ("ss" if "s" in code else "")
    core = _skeleton_pattern(locale, skeleton, "timeStyle")
    zone = re.search("[zvOZ]+", code)
    if zone is None:
        return core
    return f"{zone.group()} {core}" if zone.start() < (hours.start() if hours else 0) else f"{core} {zone.group()}"


def _skeleton_pattern(locale: Any, skeleton: str, options: str) -> str:
    """ICU's pattern for a skeleton: the CLDR skeleton with the same fields, widths adjusted to the request.

    ICU glues fields no CLDR skeleton has together with "({name}: {value})" items; Babel has no
    such data, so a combination the locale does not know is refused, naming the options.
    """
    from babel import dates

    best = dates.match_skeleton(skeleton, locale.datetime_skeletons)
    if best is None:
        raise _refuse(
            "date",
            f"the locale {locale} has no pattern for {options} together; "
            "ask for a usual combination (e.g. year, month and day; weekday, month and day; "
            "hour and minute) or use dateStyle / timeStyle",
            RULE_UNSUPPORTED,
            "NotSupportedError",
        )
    pattern = str(locale.datetime_skeletons[best])
    for letter, runs in (
        ("y", "y"),
        ("M", "ML"),
        ("d", "d"),
        ("E", "Ec"),
        ("H", "H"),
        ("h", "h"),
        ("m", "m"),
        ("s", "s"),
    ):
        asked = skeleton.count(letter)
        if asked:
            pattern = re.sub(f"[{runs}]+", functools.partial(_widen, asked), pattern)
    return pattern


def _widen(asked: int, field: re.Match[str]) -> str:
    """A pattern field at the width asked for, as ICU adjusts it.

    A number only grows ("d" asked "dd"; en-GB's "dd" stays when "d" is asked); a name takes the
    asked width ("MMM" -> "MMMM", weekdays "E" -> "EEEE"); a number never becomes a name or back.
    """
    text = field.group()
    if text[0] in "Ec":  # weekdays are names at every width: 1-3 short, 4 long, 5 narrow
        return text if asked <= 3 else text[0] * asked
    if (len(text) <= 2) != (asked <= 2):
        return text
    return text[0] * max(asked, len(text)) if asked <= 2 else text[0] * asked


def _date(scope: RunScope, value: datetime | None, options: dict[str, Any]) -> str:
    from babel import dates

    what = "date"
    if value is None:
        raise _refuse(what, "invalid date")
    _unsupported(what, options, _DATE_UNSUPPORTED)
    locale = _locale(what, options)
    zone = options.get("timeZone") or "UTC"
    try:
        if not isinstance(zone, str) or len(zone) > _MAX_NAME:
            raise LookupError
        tzinfo = dates.get_timezone(zone)
    except (LookupError, ValueError):
        raise _refuse(what, f"unknown time zone {str(zone)[:_MAX_NAME]!r}") from None
    try:
        local = value.astimezone(tzinfo)
    except OverflowError:  # year 1 or 9999 moved past the edge of Python's calendar by the zone
        raise _refuse(what, f"the date is outside the range this host formats in {zone}") from None
    date_style = _choice(what, options, "dateStyle", _STYLES, None)
    time_style = _choice(what, options, "timeStyle", _STYLES, None)
    hour12 = _hour12(what, options)
    skeleton, asked = "", []
    for key, letters in _COMPONENTS.items():
        letter = _choice(what, options, key, tuple(letters), None)
        if letter is None:
            continue
        if date_style or time_style:
            raise _refuse(what, f"option {key!r} cannot be combined with dateStyle or timeStyle", name="TypeError")
        skeleton += letters[letter]
        asked.append(key)
    if date_style or time_style:
        date_text = dates.format_date(local, format=date_style, locale=locale) if date_style else ""
        time_text = ""
        if time_style:
            pattern = _hour_cycle(locale, str(locale.time_formats[time_style]), hour12)
            time_text = dates.format_time(local, format=pattern, locale=locale, tzinfo=tzinfo)
        if time_style == "long":
            time_text = _icu_zone_fallback(time_text, local, locale)
        if date_style and time_style:
            glue = str(locale.datetime_formats[date_style]).replace("'", "")
            return _v8_spaces(glue.replace("{1}", date_text).replace("{0}", time_text))
        return _v8_spaces(date_text or time_text)
    pattern = _components_pattern(locale, skeleton or "yMd", hour12, asked)
    return _v8_spaces(dates.format_datetime(local, format=pattern, tzinfo=tzinfo, locale=locale))


def _components_pattern(locale: Any, skeleton: str, hour12: bool | None, asked: list[str]) -> str:
    """Date fields and time fields matched apart and joined by the locale's glue, as ICU's generator does."""
    clock = "h" if re.search("[hK]", str(locale.time_formats["short"])) else "H"
    skeleton = skeleton.replace("j", clock if hour12 is None else "h" if hour12 else "H")
    zone = "".join(c for c in skeleton if c == "z")
    date_part = "".join(c for c in skeleton if c in "GyMEd")
    time_part = "".join(c for c in skeleton if c in "hHms")
    shown = ", ".join(asked)
    date_pattern = _skeleton_pattern(locale, date_part, shown) if date_part else ""
    time_pattern = _skeleton_pattern(locale, time_part, shown) if time_part else ""
    if zone:  # CLDR has few skeletons with a zone: it follows the time, as ICU appends it
        time_pattern = f"{time_pattern} {zone}" if time_pattern else zone
    if not (date_pattern and time_pattern):
        return date_pattern or time_pattern
    # The glue follows how much the date part spells out, as ICU picks it.
    width = (
        "full"
        if "MMMM" in date_part and "E" in date_part
        else "long"
        if "MMMM" in date_part
        else "medium"
        if "MMM" in date_part
        else "short"
    )
    glue = str(locale.datetime_formats[width])
    return glue.replace("{1}", date_pattern).replace("{0}", time_pattern)


def _icu_zone_fallback(text: str, local: datetime, locale: Any) -> str:
    """A zone without a short name: ICU prints localized GMT ("GMT-5", "GMT+5:30"), Babel "-0500"."""
    from babel import dates

    name = dates.get_timezone_name(local, "short", locale=locale)
    offset = re.fullmatch(r"([+-])(\d\d)(\d\d)", name)
    if offset is None or name not in text:
        return text
    sign, hours, minutes = offset.groups()
    shown = f"{sign}{int(hours)}" + (f":{minutes}" if minutes != "00" else "")
    return text.replace(name, str(locale.zone_formats["gmt"]) % shown, 1)


def _v8_spaces(text: str) -> str:
    """V8 prints CLDR's narrow no-break space before "PM" as a plain space (Node 20)."""
    return text.replace("\u202f", " ")


# -- relative time ---------------------------------------------------------------------

_UNITS = ("second", "minute", "hour", "day", "week", "month", "quarter", "year")


def _relative(scope: RunScope, value: float, unit: str, options: dict[str, Any], negative_zero: bool) -> str:
    what = "relativeTime"
    value = -0.0 if negative_zero else value
    if not isinstance(value, int) and not math.isfinite(value):
        raise _refuse(what, f"value must be a finite number, got {value!r}")
    name = unit[:-1] if unit.endswith("s") else unit
    if name not in _UNITS:
        raise _refuse(what, f"unknown unit {unit[:40]!r}; use one of {', '.join(_UNITS)}")
    numeric = _choice(what, options, "numeric", ("always", "auto"), "always")
    if numeric == "auto":  # "yesterday", "next month": CLDR's relative-type data is not in Babel's
        _unsupported(what, {"numeric: 'auto'": 1}, ("numeric: 'auto'",))
    _unsupported(what, options, ("numberingSystem",))
    style = _choice(what, options, "style", ("long", "short", "narrow"), "long")
    number = NumberFormat({"locale": options.get("locale")}, what)
    text = number.format(abs(value))
    locale = number.locale
    fields = locale._data["date_fields"]
    # A locale's narrow or short data may be partial: fall back to the next longer style, as ICU does.
    chain = {"narrow": (f"{name}-narrow", f"{name}-short", name), "short": (f"{name}-short", name), "long": (name,)}
    field = next((fields[k] for k in chain[style] if "past" in fields.get(k, {}) and "future" in fields[k]), None)
    if field is None:
        raise _refuse(what, f"the locale {locale} has no {unit!r} data", RULE_FAILED, "Error")
    past = value < 0 or (isinstance(value, float) and math.copysign(1.0, value) < 0)  # -0: "0 days ago", as V8
    direction = field["past" if past else "future"]
    plural = locale.plural_form(_round(decimal.Decimal(repr(abs(value))), 3).normalize())
    return (direction.get(plural) or direction["other"]).replace("{0}", text)


# -- lists -----------------------------------------------------------------------------

#: CLDR's list pattern names per Intl type, and the widths each style falls back through (as ICU's data does).
_LIST_TYPES = {"conjunction": "standard", "disjunction": "or", "unit": "unit"}
_LIST_WIDTHS = {"long": ("",), "short": ("-short", ""), "narrow": ("-narrow", "-short", "")}


def _list(scope: RunScope, items: list[str], options: dict[str, Any]) -> str:
    what = "list"
    kind = _choice(what, options, "type", ("conjunction", "disjunction", "unit"), "conjunction")
    style = _choice(what, options, "style", ("long", "short", "narrow"), "long")
    if len(items) > MAX_LIST_ITEMS:
        raise _refuse(what, f"{len(items)} items; at most {MAX_LIST_ITEMS} per call", RULE_TOO_LARGE)
    cap = scope.limits.hostTextInputBytes
    if sum(map(len, items)) > cap:
        raise _refuse(what, f"the items hold more than {cap} characters (limit hostTextInputBytes)", RULE_TOO_LARGE)
    locale = _locale(what, options)
    # A style's data may be partial: each missing pattern comes from the locale's standard list, then root's.
    # A width a locale lacks falls back to the next wider one of the same type ("or-short" -> "or"),
    # then to its plain list, then to root's.
    names = [_LIST_TYPES[kind] + width for width in _LIST_WIDTHS[style]] + ["standard"]
    styles = [locale.list_patterns.get(name) or {} for name in names]
    patterns = {
        key: next((str(s[key]) for s in styles if key in s), "{0}, {1}") for key in ("2", "start", "middle", "end")
    }
    if len(items) < 2:
        return items[0] if items else ""
    if len(items) == 2:
        return _fill(patterns["2"], items[0], items[1])
    # CLDR's start/middle/end patterns. Babel nests each result into the next pattern, copying the
    # growing text once per item (quadratic); a middle pattern "{0}<sep>{1}" is a plain join.
    head, middle = _fill(patterns["start"], items[0], items[1]), str(patterns["middle"])
    if middle.startswith("{0}") and middle.endswith("{1}") and middle.count("{") == 2:
        joined = middle[3:-3].join([head, *items[2:-1]])
    else:
        joined = head
        for item in items[2:-1]:
            joined = _fill(middle, joined, item)
    return _fill(patterns["end"], joined, items[-1])


def _fill(pattern: str, first: str, second: str) -> str:
    """A CLDR list pattern with its two slots filled (item text is never read as a pattern)."""
    return re.sub(r"\{([01])\}", lambda m: second if m.group(1) == "1" else first, str(pattern))


SURFACE = declared("format").surface(
    {
        "format.number": _on_worker(_number),
        "format.date": _on_worker(_date),
        "format.relativeTime": _on_worker(_relative),
        "format.list": _on_worker(_list),
    }
)
