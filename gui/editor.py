"""The code editor: Scintilla behind a small adapter.

Everything Scintilla-specific (byte positions, 0xBBGGRR colours, marker and
indicator numbers, lexer styles) stays in this file, so the rest of the studio
speaks 1-based lines and character offsets and could take another editor
widget (docs/design.md, "Desktop": the editor stays behind a small adapter).

It gives JavaScript colours (Lexilla's `cpp` lexer, as SciTE does), line
numbers, folding, bracket matching, a find/replace bar, autocompletion
(`gui.completion`), diagnostics as margin markers + squiggles + hover tips, and
a highlighted line with an annotation for a run's error.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Sequence

import lexilla
import pyside6_scintilla as ps
from lexilla.pyside6_scintilla import set_lexer
from PySide6.QtCore import QEvent, QSize, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QFont, QFontDatabase, QImage, QKeyEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from core import problem_line
from core.codenode import CodeNodeDocument
from core.typescript import CompletionItem, Hover, SignatureHelp, TypeDiagnostic, utf16_column
from gui.completion import CompletionSource, NodeShape, TypeAssist, context_at, row_name, typed_items
from gui.diagnostics import Diagnostic, TypeFinding
from gui.find_bar import FindBar
from gui.theme import EditorPalette, Theme, icon

S = ps.Scintilla

#: Lexilla's cpp lexer styles (SCE_C_*).
_COMMENTS = (1, 2, 3, 15, 17, 18)
_STRINGS = (6, 7, 12, 20)
_STYLE_KEYWORD, _STYLE_GLOBAL, _STYLE_NUMBER, _STYLE_OPERATOR, _STYLE_REGEX = 5, 16, 4, 10, 14

_KEYWORDS = (
    "async await break case catch class const continue debugger default delete do else export extends "
    "false finally for from function if import in instanceof let new null of return static super switch "
    "this throw true try typeof undefined var void while with yield"
)

_MARGIN_NUMBERS, _MARGIN_MARKERS, _MARGIN_FOLD = 0, 1, 2
_MARKERS = {"error": 0, "warning": 1, "info": 2}
_MARKER_RUN_ERROR = 3
_INDICATORS = {"error": 8, "warning": 9, "info": 10}
_INDICATOR_FIND = 11
_BRACES = b"()[]{}"
#: Typing an opener inserts its closer after the caret; typing that closer over it steps over it.
_PAIRS = {"(": ")", "[": "]", "{": "}", '"': '"', "'": "'", "`": "`"}
#: A closer is added only before these (or at the end of the line): typing before a word adds none.
_CLOSE_BEFORE = set(" \t\r\n)]};,:")
#: Milliseconds after the last keystroke before the TypeScript checker looks at the body.
TYPE_CHECK_MS = 250
#: TypeScript findings the studio's own checks say better (a missing pack: `import-not-found`).
_TS_LEFT_TO_CHECKS = {2307}


def _bgr(rgb: int) -> int:
    """Scintilla colours are 0xBBGGRR."""
    return ((rgb & 0xFF) << 16) | (rgb & 0xFF00) | ((rgb >> 16) & 0xFF)


# The typed wrappers take text as `str` (sent as UTF-8); bytes arguments are refused.
class _Scintilla(ps.ScintillaEdit):
    """Scintilla with two keys the window must not steal: Esc closes its own popups first."""

    completionRequested = Signal()
    #: Ctrl+/ (the key every code editor uses for it): comment or uncomment the selected lines.
    commentToggleRequested = Signal()

    def event(self, event: QEvent) -> bool:
        if not isinstance(event, QKeyEvent):
            return super().event(event)
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and event.key() == Qt.Key.Key_Escape
            and (self.autoCActive() or self.callTipActive())
        ):
            event.accept()
            return True
        if (
            event.type() == QEvent.Type.KeyPress
            and event.key() == Qt.Key.Key_Space
            and event.modifiers() & Qt.KeyboardModifier.ControlModifier
        ):
            self.completionRequested.emit()
            return True
        if event.key() == Qt.Key.Key_Slash and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            if event.type() == QEvent.Type.ShortcutOverride:
                event.accept()
            elif event.type() == QEvent.Type.KeyPress:
                self.commentToggleRequested.emit()
            return True
        return super().event(event)


class CodeEditor(QWidget):
    """A JavaScript editor widget for Code node bodies."""

    textChanged = Signal()
    #: 1-based line and column of the caret.
    caretMoved = Signal(int, int)
    #: The TypeScript checker's findings changed (`type_diagnostics`): the Problems list shows them.
    typesChanged = Signal()

    def __init__(self, completions: CompletionSource | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sci = _Scintilla()
        self.find_bar = FindBar(self)
        self.completions = completions or CompletionSource()
        #: Declared input names of the document (for `inputs.` completion).
        self.input_names: tuple[str, ...] = ()
        self._diagnostics: list[Diagnostic] = []
        #: What the TypeScript checker found (drawn with `_diagnostics`; the Problems list shows both).
        self._types: list[TypeFinding] = []
        #: The document's language and handles, once the window gave one: then the checker answers.
        self._shape: NodeShape | None = None
        self.assist = TypeAssist(self, self.completions.catalog)
        self._type_timer = QTimer(self, singleShot=True, interval=TYPE_CHECK_MS)
        self._type_timer.timeout.connect(self.check_types)
        #: Where the typed completion list was asked (its rows carry types, so choosing one inserts its name).
        self._typed_at: int | None = None
        #: The text of the last hover or signature tip the checker's answer showed (tests, screenshots).
        self.tip_text = ""
        self._loading = False
        self._font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self._palette = Theme.palette()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.sci, 1)
        layout.addWidget(self.find_bar)
        self._configure()
        self.apply_palette(self._palette)
        self.sci.modified.connect(self._on_modified)
        self.sci.updateUi.connect(self._on_update_ui)
        self.sci.charAdded.connect(self._on_char_added)
        self.sci.completionRequested.connect(self.complete)
        self.sci.commentToggleRequested.connect(self.toggle_comment)
        self.sci.dwellStart.connect(self._on_dwell_start)
        self.sci.dwellEnd.connect(self._on_dwell_end)
        self.sci.autoCompleteSelection.connect(self._on_completion_chosen)
        self.setFocusProxy(self.sci)

    # -- setup ------------------------------------------------------------------------------
    def _configure(self) -> None:
        sci = self.sci
        set_lexer(sci, lexilla.create_lexer("cpp"))
        sci.setKeyWords(0, _KEYWORDS)
        sci.setProperty("lexer.cpp.backquoted.strings", "1")
        sci.setProperty("lexer.cpp.track.preprocessor", "0")
        sci.setProperty("lexer.cpp.escape.sequence", "1")
        sci.setProperty("fold", "1")
        sci.setProperty("fold.comment", "1")
        sci.setProperty("fold.compact", "0")
        sci.setCodePage(S.CpUtf8)
        sci.setTabWidth(2)
        sci.setIndent(2)
        sci.setUseTabs(False)
        sci.setTabIndents(True)
        sci.setBackSpaceUnIndents(True)
        sci.setIndentationGuides(3)  # SC_IV_LOOKBOTH
        sci.setScrollWidthTracking(True)
        sci.setScrollWidth(1)
        sci.setEndAtLastLine(False)
        sci.setMouseDwellTime(400)
        sci.setMarginTypeN(_MARGIN_NUMBERS, S.MarginType.Number.value)
        sci.setMarginTypeN(_MARGIN_MARKERS, S.MarginType.Symbol.value)
        sci.setMarginMaskN(_MARGIN_MARKERS, sum(1 << n for n in _MARKERS.values()))
        sci.setMarginWidthN(_MARGIN_MARKERS, 18)
        sci.setMarginTypeN(_MARGIN_FOLD, S.MarginType.Symbol.value)
        sci.setMarginMaskN(_MARGIN_FOLD, int(S.MaskFolders))
        sci.setMarginWidthN(_MARGIN_FOLD, 14)
        sci.setMarginSensitiveN(_MARGIN_FOLD, True)
        sci.setAutomaticFold(int(S.AutomaticFold.Show | S.AutomaticFold.Click | S.AutomaticFold.Change))
        for number, symbol in (
            (25, S.MarkerSymbol.BoxPlusConnected),
            (26, S.MarkerSymbol.BoxMinusConnected),
            (27, S.MarkerSymbol.TCorner),
            (28, S.MarkerSymbol.LCorner),
            (29, S.MarkerSymbol.VLine),
            (30, S.MarkerSymbol.BoxPlus),
            (31, S.MarkerSymbol.BoxMinus),
        ):
            sci.markerDefine(number, symbol.value)
        size = 14
        sci.rGBAImageSetWidth(size)
        sci.rGBAImageSetHeight(size)
        for severity, number in _MARKERS.items():
            pixels = ctypes.create_string_buffer(_rgba(severity, size))
            # The typed wrapper takes `const char*` text and stops at the first NUL of binary pixels:
            # pass the buffer's address through the raw message (Scintilla copies the image).
            sci.send(int(S.Message.MarkerDefineRGBAImage), number, ctypes.addressof(pixels))
        sci.markerDefine(_MARKER_RUN_ERROR, S.MarkerSymbol.Background.value)
        for severity, number in _INDICATORS.items():
            style = S.IndicatorStyle.Dots if severity == "info" else S.IndicatorStyle.Squiggle
            sci.indicSetStyle(number, style.value)
        sci.indicSetStyle(_INDICATOR_FIND, S.IndicatorStyle.RoundBox.value)
        sci.indicSetAlpha(_INDICATOR_FIND, 110)
        sci.indicSetOutlineAlpha(_INDICATOR_FIND, 200)
        sci.indicSetUnder(_INDICATOR_FIND, True)
        sci.annotationSetVisible(S.AnnotationVisible.Boxed.value)
        sci.autoCSetIgnoreCase(True)
        sci.autoCSetOrder(S.Ordering.PerformSort.value)
        sci.autoCSetMaxHeight(10)
        sci.autoCSetCancelAtStart(False)
        sci.autoCSetDropRestOfWord(False)
        sci.autoCSetSeparator(ord("\n"))  # a typed row has spaces: "name  (x: number) => string"

    def set_font(self, font: QFont) -> None:
        """The text font (Tools → Settings… → Appearance); re-applies the styles that carry it."""
        self._font = QFont(font)
        self.apply_palette(self._palette)

    def apply_palette(self, palette: EditorPalette) -> None:
        """Colours of one theme (see `gui.theme.PALETTES`)."""
        self._palette = palette
        sci = self.sci
        default = S.StylesCommon.Default.value
        sci.styleSetFont(default, self._font.family() or "DejaVu Sans Mono")
        sci.styleSetSize(default, self._font.pointSize() if self._font.pointSize() > 0 else 11)
        sci.styleSetFore(default, _bgr(palette.foreground))
        sci.styleSetBack(default, _bgr(palette.background))
        sci.styleClearAll()
        for style in _COMMENTS:
            sci.styleSetFore(style, _bgr(palette.comment))
            sci.styleSetItalic(style, True)
        for style in _STRINGS:
            sci.styleSetFore(style, _bgr(palette.string))
        sci.styleSetFore(_STYLE_KEYWORD, _bgr(palette.keyword))
        sci.styleSetBold(_STYLE_KEYWORD, True)
        sci.styleSetFore(_STYLE_GLOBAL, _bgr(palette.global_name))
        sci.styleSetFore(_STYLE_NUMBER, _bgr(palette.number))
        sci.styleSetFore(_STYLE_OPERATOR, _bgr(palette.operator))
        sci.styleSetFore(_STYLE_REGEX, _bgr(palette.regex))
        line_numbers = S.StylesCommon.LineNumber.value
        sci.styleSetFore(line_numbers, _bgr(palette.margin_foreground))
        sci.styleSetBack(line_numbers, _bgr(palette.margin_background))
        for style, colour in (
            (S.StylesCommon.BraceLight.value, palette.brace_match),
            (S.StylesCommon.BraceBad.value, palette.brace_bad),
        ):
            sci.styleSetFore(style, _bgr(colour))
            sci.styleSetBold(style, True)
        sci.setFoldMarginColour(True, _bgr(palette.margin_background))
        sci.setFoldMarginHiColour(True, _bgr(palette.margin_background))
        for number in range(25, 32):
            sci.markerSetFore(number, _bgr(palette.margin_background))
            sci.markerSetBack(number, _bgr(palette.margin_foreground))
        sci.setMarginBackN(_MARGIN_MARKERS, _bgr(palette.margin_background))
        sci.setCaretLineVisible(True)
        sci.setCaretLineBack(_bgr(palette.caret_line))
        sci.setCaretFore(_bgr(palette.foreground))
        sci.setSelBack(True, _bgr(palette.selection))
        sci.markerSetBack(_MARKER_RUN_ERROR, _bgr(_mix(palette.error, palette.background, 0.16)))
        for severity, number in _INDICATORS.items():
            sci.indicSetFore(number, _bgr(getattr(palette, severity)))
        sci.indicSetFore(_INDICATOR_FIND, _bgr(palette.find_match))
        annotation = 40  # a style past the lexer's for the run error's annotation
        sci.styleSetFore(annotation, _bgr(palette.error))
        sci.styleSetBack(annotation, _bgr(_mix(palette.error, palette.background, 0.1)))
        sci.styleSetItalic(annotation, True)
        sci.annotationSetStyleOffset(0)
        self._annotation_style = annotation
        sci.colourise(0, -1)
        self._fit_number_margin()

    # -- text -------------------------------------------------------------------------------
    def text(self) -> str:
        sci = self.sci
        return bytes(sci.getText(sci.length() + 1)).decode("utf-8", errors="replace")

    def set_text(self, text: str) -> None:
        """Replace the whole text as a fresh document: no undo back into the previous one."""
        self._loading = True
        try:
            self.sci.setText(text)
            self.sci.emptyUndoBuffer()
            self.sci.setSavePoint()
            self.sci.gotoPos(0)
        finally:
            self._loading = False
        if self._types:  # another document's findings: the checker answers for this one soon
            self._types = []
            self.typesChanged.emit()
        self.clear_run_error()
        self._fit_number_margin()
        self.textChanged.emit()

    def insert_line(self, line: int, text: str) -> None:
        """Insert `text` as a new line before 1-based `line` (at the end when past the last), undoably."""
        sci = self.sci
        if line <= sci.lineCount():
            sci.insertText(sci.positionFromLine(max(0, line - 1)), text + "\n")
            return
        tail = "\n" + text if self.text() and not self.text().endswith("\n") else text
        sci.appendText(len(tail.encode("utf-8")), tail)

    def insert_snippet(self, text: str) -> None:
        """Put `text` (an example from Help → Sandbox API) in place of the selection, as one undo step.

        Several lines land as whole lines: on a line of their own when the caret is inside one, with a
        line break before any text after the caret, so an example never glues itself to the code around
        it. The editor takes the focus.
        """
        sci = self.sci
        if "\n" in text.strip("\n"):
            text = text.strip("\n")
            start, end = sci.selectionStart(), sci.selectionEnd()
            if start > sci.positionFromLine(sci.lineFromPosition(start)):
                text = "\n" + text
            if bytes(sci.get_text_range(end, sci.lineEndPosition(sci.lineFromPosition(end)))).strip():
                text += "\n"
        sci.beginUndoAction()
        try:
            sci.replaceSel(text)
        finally:
            sci.endUndoAction()
        self.setFocus()

    def goto(self, line: int, column: int = 1) -> None:
        """Put the caret on 1-based `line`/`column`, unfold and scroll to it, focus the editor."""
        sci = self.sci
        line0 = max(0, min(line - 1, sci.lineCount() - 1))
        pos = self._position(line0, column)
        sci.ensureVisibleEnforcePolicy(line0)
        sci.gotoPos(pos)
        self.setFocus()  # (ScintillaEdit.setFocus is SCI_SETFOCUS; the proxy focuses the widget)

    def caret(self) -> tuple[int, int]:
        """1-based (line, column) of the caret."""
        sci = self.sci
        pos = sci.currentPos()
        line0 = sci.lineFromPosition(pos)
        start = sci.positionFromLine(line0)
        column = len(bytes(sci.get_text_range(start, pos)).decode("utf-8", errors="replace")) + 1
        return line0 + 1, column

    # -- positions (Scintilla counts UTF-8 bytes; the studio counts characters) ---------------
    def _position(self, line0: int, column: int) -> int:
        sci = self.sci
        start = sci.positionFromLine(line0)
        line_text = bytes(sci.get_text_range(start, sci.lineEndPosition(line0))).decode("utf-8", errors="replace")
        return start + len(line_text[: max(0, column - 1)].encode("utf-8"))

    def _byte_offsets(self, offsets: Sequence[int]) -> list[int]:
        """Character offsets (ascending) of the whole text -> byte positions."""
        text = self.text()
        if text.isascii():
            return list(offsets)
        out, last_char, last_byte = [], 0, 0
        for offset in offsets:
            last_byte += len(text[last_char:offset].encode("utf-8"))
            last_char = offset
            out.append(last_byte)
        return out

    def _char_offset(self, position: int) -> int:
        return len(bytes(self.sci.get_text_range(0, position)).decode("utf-8", errors="replace"))

    # -- SearchTarget (the find bar speaks character offsets) --------------------------------
    def selection(self) -> tuple[int, int]:
        sci = self.sci
        return self._char_offset(sci.selectionStart()), self._char_offset(sci.selectionEnd())

    def select(self, start: int, end: int) -> None:
        a, b = self._byte_offsets([start, end])
        self.sci.setSel(a, b)
        self.sci.scrollRange(b, a)

    def replace_range(self, start: int, end: int, text: str) -> None:
        a, b = self._byte_offsets([start, end])
        self.sci.setTargetRange(a, b)
        self.sci.replaceTarget(len(text.encode("utf-8")), text)

    def replace_all_text(self, text: str) -> None:
        """One undoable step that swaps the whole text (Replace all)."""
        sci = self.sci
        sci.beginUndoAction()
        try:
            sci.setTargetRange(0, sci.length())
            sci.replaceTarget(len(text.encode("utf-8")), text)
        finally:
            sci.endUndoAction()

    def set_find_highlights(self, ranges: list[tuple[int, int]]) -> None:
        sci = self.sci
        sci.setIndicatorCurrent(_INDICATOR_FIND)
        sci.indicatorClearRange(0, sci.length())
        flat = self._byte_offsets([x for r in ranges for x in r])
        for a, b in zip(flat[::2], flat[1::2], strict=True):
            sci.indicatorFillRange(a, b - a)

    @Slot()
    def show_find(self) -> None:
        self.find_bar.open_bar(replace=False)

    @Slot()
    def show_replace(self) -> None:
        self.find_bar.open_bar(replace=True)

    # -- diagnostics ----------------------------------------------------------------------------
    def set_diagnostics(self, diagnostics: Sequence[Diagnostic]) -> None:
        """Mark each finding: a margin icon on its line and a squiggle under its range."""
        self._diagnostics = list(diagnostics)
        self._draw_findings()

    def type_diagnostics(self) -> list[TypeFinding]:
        """What the TypeScript checker last found in the body (squiggled with the checks' findings)."""
        return list(self._types)

    def _draw_findings(self) -> None:
        sci = self.sci
        for number in _MARKERS.values():
            sci.markerDeleteAll(number)
        for number in _INDICATORS.values():
            sci.setIndicatorCurrent(number)
            sci.indicatorClearRange(0, sci.length())
        last = sci.lineCount()
        sci.colourise(0, -1)  # token ranges below read the lexer's styles
        # Draw the worst last so an error's squiggle is on top of a warning's.
        for diag in sorted([*self._diagnostics, *self._types], key=lambda d: -_rank(d.severity)):
            if diag.line is None:  # about the node, not a line: the problems list shows it
                continue
            line0 = min(max(diag.line, 1), last) - 1
            sci.markerAdd(line0, _MARKERS[diag.severity])
            start, end = self._range(line0, diag.column or 1)
            sci.setIndicatorCurrent(_INDICATORS[diag.severity])
            sci.indicatorFillRange(start, max(1, end - start))

    def diagnostics(self) -> list[Diagnostic]:
        return list(self._diagnostics)

    def marker_lines(self, severity: str) -> list[int]:
        """1-based lines that carry the margin marker of `severity` (what a person sees)."""
        sci, mask, out, line0 = self.sci, 1 << _MARKERS[severity], [], 0
        while (line0 := sci.markerNext(line0, mask)) >= 0:
            out.append(line0 + 1)
            line0 += 1
        return out

    def squiggled(self, line: int, column: int, severity: str = "error") -> bool:
        """Whether the character at 1-based `line`/`column` carries the squiggle of `severity`."""
        pos = self._position(line - 1, column)
        return bool(self.sci.indicatorAllOnFor(pos) & (1 << _INDICATORS[severity]))

    def _range(self, line0: int, column: int) -> tuple[int, int]:
        """What a squiggle covers from a finding's start: its string token, word, or the line's rest."""
        sci = self.sci
        start = self._position(line0, column)
        style, line_end = sci.styleAt(start) & 0x3F, sci.lineEndPosition(line0)
        if style in _STRINGS:  # a whole string token, quotes included
            end = start
            while end < line_end and (sci.styleAt(end) & 0x3F) == style:
                end += 1
        elif style == _STYLE_KEYWORD:  # a statement flagged at its keyword (`import`, `export`): its line
            end = line_end
            while end > start and (sci.charAt(end - 1) & 0xFF) in b" \t\r":
                end -= 1
        else:
            end = sci.wordEndPosition(start, True)
        if end <= start:
            end = sci.lineEndPosition(line0)
        if end <= start:  # an empty line or the end of one: mark what precedes it
            return max(sci.positionFromLine(line0), start - 1), start
        return start, end

    def _on_dwell_start(self, x: int, y: int) -> None:
        sci = self.sci
        pos = sci.positionFromPointClose(x, y)
        if pos < 0:
            return
        line = sci.lineFromPosition(pos) + 1
        found = [d for d in [*self._diagnostics, *self._types] if d.line == line]
        if found:
            tip = "\n".join(problem_line(d.message, d.rule, severity=d.severity) for d in found)
            sci.callTipShow(pos, tip)
        elif self._shape is not None:
            at = self._service_position(pos)
            self.assist.ask("hover", self._shape, self.text(), lambda s, b, c: s.hover(b, c, at), self._show_hover(pos))

    def _show_hover(self, pos: int) -> Callable[[Hover | None], None]:
        def show(found: Hover | None) -> None:
            if found is not None:
                doc = f"\n\n{found.documentation}" if found.documentation else ""
                self.tip_text = found.signature + doc
                self.sci.callTipShow(pos, self.tip_text)

        return show

    def _on_dwell_end(self, _x: int, _y: int) -> None:
        self.assist.forget("hover")
        self.sci.callTipCancel()

    # -- the TypeScript checker -------------------------------------------------------------------
    def set_document(self, doc: CodeNodeDocument) -> None:
        """The document the body belongs to: its inputs (for completion) and, for the checker, its
        language and handles. The first one starts the checker's guest in the background."""
        self.input_names = doc.input_names
        shape = NodeShape.of(doc)
        if shape == self._shape:
            return
        if self._shape is None:
            self.assist.warm()
        self._shape = shape
        self._type_timer.start()

    @Slot()
    def check_types(self) -> None:
        """Ask the checker about the body now (normally `TYPE_CHECK_MS` after the last keystroke)."""
        self._type_timer.stop()
        if self._shape is not None:
            body = self.text()
            self.assist.ask("diagnostics", self._shape, body, lambda s, b, c: s.diagnostics(b, c), self._set_types)

    def _set_types(self, found: list[TypeDiagnostic]) -> None:
        lines = self.text().split("\n")
        self._types = [
            TypeFinding(
                d.range.start[0] + 1,
                _code_point_column(lines, d.range.start) + 1,
                d.severity,  # type: ignore[arg-type]
                f"ts{d.code}",
                d.message,
            )
            for d in found
            if d.code not in _TS_LEFT_TO_CHECKS
        ]
        self._draw_findings()
        self.typesChanged.emit()

    def _service_position(self, pos: int) -> tuple[int, int]:
        """A Scintilla position as the service's (0-based line, UTF-16 column)."""
        sci = self.sci
        line0 = sci.lineFromPosition(pos)
        before = bytes(sci.get_text_range(sci.positionFromLine(line0), pos)).decode("utf-8", errors="replace")
        return line0, utf16_column(before, len(before))

    def _ask_signature(self) -> None:
        if self._shape is None:
            return
        pos = self.sci.currentPos()
        at = self._service_position(pos)
        self.assist.ask(
            "signature", self._shape, self.text(), lambda s, b, c: s.signature_help(b, c, at), self._show_signature(pos)
        )

    def _show_signature(self, pos: int) -> Callable[[SignatureHelp | None], None]:
        def show(found: SignatureHelp | None) -> None:
            sci = self.sci
            now = sci.currentPos()
            if (
                found is None
                or not found.signatures
                or now < pos
                or sci.lineFromPosition(now) != sci.lineFromPosition(pos)
            ):
                return  # the caret left the call's line (typing on after the comma is fine)
            signature = found.signatures[min(found.active, len(found.signatures) - 1)]
            self.tip_text = signature.label + (f"\n{signature.documentation}" if signature.documentation else "")
            self.sci.callTipShow(pos, self.tip_text)
            if 0 <= found.parameter < len(signature.parameters):
                label = signature.parameters[found.parameter]
                start = signature.label.find(label)
                if start >= 0:
                    begin = len(signature.label[:start].encode("utf-8"))
                    self.sci.callTipSetHlt(begin, begin + len(label.encode("utf-8")))

        return show

    # -- a run's error -------------------------------------------------------------------------
    def show_run_error(self, line: int, message: str) -> None:
        """Highlight 1-based `line` and put the error under it until the text changes."""
        self.clear_run_error()
        sci = self.sci
        line0 = max(0, min(line - 1, sci.lineCount() - 1))
        sci.markerAdd(line0, _MARKER_RUN_ERROR)
        sci.annotationSetText(line0, message)
        sci.annotationSetStyle(line0, self._annotation_style)
        sci.ensureVisibleEnforcePolicy(line0)

    def run_error_line(self) -> int | None:
        line0 = self.sci.markerNext(0, 1 << _MARKER_RUN_ERROR)
        return None if line0 < 0 else line0 + 1

    def clear_run_error(self) -> None:
        self.sci.markerDeleteAll(_MARKER_RUN_ERROR)
        self.sci.annotationClearAll()

    # -- editing habits ----------------------------------------------------------------------
    @Slot()
    def toggle_comment(self) -> None:
        """Comment the selected lines (or the caret's) with `// `, or uncomment them when all already are;
        one undo step."""
        sci = self.sci
        first = sci.lineFromPosition(sci.selectionStart())
        last = sci.lineFromPosition(sci.selectionEnd())
        if last > first and sci.selectionEnd() == sci.positionFromLine(last):
            last -= 1  # a selection ending at a line's start does not take that line
        lines = [
            (n, bytes(sci.get_text_range(sci.positionFromLine(n), sci.lineEndPosition(n))))
            for n in range(first, last + 1)
        ]
        code = [(n, text) for n, text in lines if text.strip()]
        if not code:
            return
        uncomment = all(text.lstrip().startswith(b"//") for _, text in code)
        selected = sci.selectionStart() != sci.selectionEnd()
        column = min(len(text) - len(text.lstrip()) for _, text in code)
        sci.beginUndoAction()
        try:
            for n, text in reversed(code):
                start = sci.positionFromLine(n)
                if uncomment:
                    at = len(text) - len(text.lstrip())
                    width = 3 if text[at + 2 : at + 3] == b" " else 2
                    sci.deleteRange(start + at, width)
                else:
                    sci.insertText(start + column, "// ")
        finally:
            sci.endUndoAction()
        if selected:  # the same lines stay selected, so the next Ctrl+/ undoes this one
            sci.setSel(sci.positionFromLine(first), sci.lineEndPosition(last))

    def _auto_close(self, char: str) -> None:
        """After `char` was typed: step over a closer that was already there, or add the opener's closer."""
        sci = self.sci
        pos = sci.currentPos()
        after = chr(sci.charAt(pos) & 0xFF) if pos < sci.length() else "\n"
        before = chr(sci.charAt(pos - 2) & 0xFF) if pos >= 2 else " "
        if char in ")]}\"'`" and after == char:
            sci.deleteRange(pos, 1)  # the closer typed over the one added with its opener
            return
        if char not in _PAIRS or after not in _CLOSE_BEFORE:
            return
        if char in "\"'`" and (before.isalnum() or before in "_$\\"):
            return  # an apostrophe in a word, an escaped quote
        sci.insertText(pos, _PAIRS[char])

    # -- completion -------------------------------------------------------------------------
    @Slot()
    def complete(self) -> None:
        """Show what fits at the caret (Ctrl+Space), even for an empty prefix."""
        self._complete(explicit=True)

    def _complete(self, *, explicit: bool) -> None:
        sci = self.sci
        pos = sci.currentPos()
        line0 = sci.lineFromPosition(pos)
        start, end = sci.positionFromLine(line0), sci.lineEndPosition(line0)
        before = bytes(sci.get_text_range(start, pos)).decode("utf-8", errors="replace")
        after = bytes(sci.get_text_range(pos, end)).decode("utf-8", errors="replace")
        ctx = context_at(before, after)
        if ctx is None:
            return
        sci.colourise(start, pos)
        style = sci.styleAt(max(pos - 1, 0)) & 0x3F
        in_string = style in _STRINGS
        if style in _COMMENTS or (in_string and ctx.kind != "specifier"):
            return
        if not explicit and ctx.kind == "global" and len(ctx.prefix) < 2:
            return
        items = self.completions.candidates(ctx, self.text(), self.input_names)
        self._typed_at = None
        if items:
            sci.autoCShow(len(ctx.prefix.encode("utf-8")), "\n".join(items))
        elif sci.autoCActive():
            sci.autoCCancel()
        if self._shape is not None and ctx.kind != "specifier":
            at = self._service_position(pos)
            self.assist.ask(
                "completion",
                self._shape,
                self.text(),
                lambda s, b, c: s.completion(b, c, at),
                self._show_typed(pos, len(ctx.prefix.encode("utf-8"))),
            )

    def _show_typed(self, pos: int, typed: int) -> Callable[[list[CompletionItem]], None]:
        """The checker's list, with types, in place of the quick one if the caret is still where it was asked."""

        def show(items: list[CompletionItem]) -> None:
            if self.sci.currentPos() != pos or not items:
                return
            self._typed_at = pos - typed
            self.sci.autoCShow(typed, "\n".join(typed_items(items)))

        return show

    def _on_completion_chosen(self, position: int, text: str) -> None:
        """A typed row inserts its name only."""
        name = row_name(text)
        if self._typed_at is None or name == text:
            return
        sci = self.sci
        sci.autoCCancel()
        start, end = self._typed_at, sci.currentPos()
        sci.setTargetRange(start, end)
        sci.replaceTarget(len(name.encode("utf-8")), name)
        sci.gotoPos(start + len(name.encode("utf-8")))
        self._typed_at = None

    def _on_char_added(self, char: int) -> None:
        if char == ord("\n"):
            self._auto_indent()
            return
        if chr(char) in _PAIRS or chr(char) in ")]}":
            self._auto_close(chr(char))
        if char in (ord("("), ord(",")):
            self._ask_signature()
        if chr(char).isalnum() or char in (
            ord("_"),
            ord("$"),
            ord("."),
            ord("/"),
            ord("@"),
            ord('"'),
            ord("'"),
            ord("{"),
            ord(","),
        ):
            self._complete(explicit=False)

    def _auto_indent(self) -> None:
        """Keep the previous line's indentation, one step deeper after an opening bracket."""
        sci = self.sci
        line0 = sci.lineFromPosition(sci.currentPos())
        if line0 == 0:
            return
        indent = sci.lineIndentation(line0 - 1)
        prev = bytes(sci.get_text_range(sci.positionFromLine(line0 - 1), sci.lineEndPosition(line0 - 1)))
        if prev.rstrip().endswith((b"{", b"[", b"(")):
            indent += sci.indent()
        if indent:
            sci.setLineIndentation(line0, indent)
            sci.gotoPos(sci.lineIndentPosition(line0))

    # -- signals ----------------------------------------------------------------------------
    def _on_modified(self, flags: int, *_args: object) -> None:
        edited = int(flags) & (S.ModificationFlags.InsertText.value | S.ModificationFlags.DeleteText.value)
        if edited and self._shape is not None:
            self._type_timer.start()
        if edited and not self._loading:
            self.clear_run_error()
            self._fit_number_margin()
            self.textChanged.emit()

    def _on_update_ui(self, updated: int) -> None:
        if updated & (S.Update.Selection.value | S.Update.Content.value):
            self._match_brace()
            self.caretMoved.emit(*self.caret())

    def _match_brace(self) -> None:
        sci = self.sci
        pos = sci.currentPos()
        for candidate in (pos, pos - 1):
            if (
                0 <= candidate < sci.length()
                and (sci.charAt(candidate) & 0xFF) in _BRACES
                and (sci.styleAt(candidate) & 0x3F) == _STYLE_OPERATOR
            ):
                other = sci.braceMatch(candidate, 0)
                if other >= 0:
                    sci.braceHighlight(candidate, other)
                else:
                    sci.braceBadLight(candidate)
                return
        sci.braceHighlight(-1, -1)

    def _fit_number_margin(self) -> None:
        digits = len(str(max(self.sci.lineCount(), 99)))
        self.sci.setMarginWidthN(
            _MARGIN_NUMBERS, self.sci.textWidth(S.StylesCommon.LineNumber.value, "_" + "9" * digits) + 4
        )

    def sizeHint(self) -> QSize:
        return QSize(640, 480)


def _code_point_column(lines: list[str], at: tuple[int, int]) -> int:
    """The code-point column of a service position (UTF-16 units) on its line."""
    line = lines[at[0]] if at[0] < len(lines) else ""
    units = 0
    for index, ch in enumerate(line):
        if units >= at[1]:
            return index
        units += 2 if ord(ch) > 0xFFFF else 1
    return len(line)


def _rank(severity: str) -> int:
    return {"error": 3, "warning": 2, "info": 1}.get(severity, 0)


def _mix(colour: int, base: int, amount: float) -> int:
    """`amount` of `colour` over `base` (both 0xRRGGBB)."""
    out = 0
    for shift in (16, 8, 0):
        a, b = (colour >> shift) & 0xFF, (base >> shift) & 0xFF
        out |= round(b + (a - b) * amount) << shift
    return out


def _rgba(name: str, size: int) -> bytes:
    """The drawn icon `name` as Scintilla's RGBA marker image."""
    image = icon(name).pixmap(size, size).toImage().convertToFormat(QImage.Format.Format_RGBA8888)
    if image.width() != size or image.height() != size:
        image = image.scaled(size, size).convertToFormat(QImage.Format.Format_RGBA8888)
    return bytes(image.constBits())[: size * size * 4]
