"""format.number/date/relativeTime/list: locale formatting on the host with Babel.

QuickJS ships no Intl, so the guest asks the host. All four are async, as in
the reference. Options follow Intl's names where Babel has an equivalent.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from core.bridges.base import Op, RunScope, Surface
from core.errors import SandboxRefusal

GUEST_JS = r"""
  const format = {
    number(value, options) { return C.call("format.number", Number(value), options || {}); },
    date(value, options) {
      const d = value instanceof Date ? value : new Date(value);
      return C.call("format.date", d, options || {});
    },
    relativeTime(value, unit, options) {
      return C.call("format.relativeTime", Number(value), String(unit), options || {});
    },
    list(items, options) { return C.call("format.list", Array.from(items, String), options || {}); },
  };
  C.define("format", Object.freeze(format));
"""


def _locale(options: dict[str, Any]) -> Any:
    import babel  # Babel costs ~40 ms to import: only runs that format pay it

    name = str(options.get("locale") or "en-US")
    try:
        return babel.Locale.parse(name.replace("-", "_"))
    except (ValueError, babel.UnknownLocaleError):
        raise SandboxRefusal(f"unknown locale {name!r}", rule="format-locale", name="RangeError") from None


async def _number(scope: RunScope, value: float, options: dict[str, Any]) -> str:
    from babel import numbers

    locale = _locale(options)
    style = options.get("style", "decimal")
    lo, hi = options.get("minimumFractionDigits"), options.get("maximumFractionDigits")
    if style == "currency":
        currency = options.get("currency")
        if not currency:
            raise SandboxRefusal("format.number: style 'currency' needs a currency code", rule="bad-argument",
                                 name="TypeError")
        return numbers.format_currency(value, currency, locale=locale)
    if style == "percent":
        return numbers.format_percent(value, locale=locale)
    if lo is not None or hi is not None:
        pattern = "#,##0." + "0" * int(lo or 0) + "#" * max(0, int(hi if hi is not None else 3) - int(lo or 0))
        return numbers.format_decimal(value, format=pattern.rstrip("."), locale=locale)
    return numbers.format_decimal(value, locale=locale)


async def _date(scope: RunScope, value: datetime | None, options: dict[str, Any]) -> str:
    from babel import dates

    if value is None:
        raise SandboxRefusal("format.date: invalid date", rule="bad-argument", name="RangeError")
    locale = _locale(options)
    tz = options.get("timeZone", "UTC")
    try:
        tzinfo = dates.get_timezone(tz)
    except LookupError:
        raise SandboxRefusal(f"unknown time zone {tz!r}", rule="bad-argument", name="RangeError") from None
    value = value.astimezone(tzinfo)
    date_style, time_style = options.get("dateStyle"), options.get("timeStyle")
    if date_style and time_style:
        return dates.format_datetime(value, format=date_style, locale=locale, tzinfo=tzinfo)
    if time_style:
        return dates.format_time(value, format=time_style, locale=locale, tzinfo=tzinfo)
    return dates.format_date(value, format=date_style or "medium", locale=locale)


_UNITS = {"second", "minute", "hour", "day", "week", "month", "year"}


async def _relative(scope: RunScope, value: float, unit: str, options: dict[str, Any]) -> str:
    from babel import dates

    unit = unit.rstrip("s")
    if unit not in _UNITS:
        raise SandboxRefusal(f"format.relativeTime: unknown unit {unit!r}", rule="bad-argument", name="RangeError")
    seconds = {"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 604800,
               "month": 2629800, "year": 31557600}[unit] * value
    return dates.format_timedelta(timedelta(seconds=seconds), granularity=unit, add_direction=True,
                                  locale=_locale(options), threshold=1e9)


async def _list(scope: RunScope, items: list[str], options: dict[str, Any]) -> str:
    from babel import lists

    kind = {"conjunction": "standard", "disjunction": "or", "unit": "unit"}.get(options.get("type", "conjunction"))
    if kind is None:
        raise SandboxRefusal("format.list: type must be conjunction, disjunction or unit", rule="bad-argument",
                             name="RangeError")
    if options.get("style") == "short" and kind != "or":
        kind += "-short"
    return lists.format_list(items, style=kind, locale=_locale(options))


SURFACE = Surface("format", {
    "format.number": Op(_number),
    "format.date": Op(_date),
    "format.relativeTime": Op(_relative),
    "format.list": Op(_list),
}, GUEST_JS, ("format",))
