"""Every named pack status, said in plain words for the pack manager.

Discovery and resolution report problems as `PackStatus(rule, message)`; the
rule is stable, the message is technical. People first read the sentence for
the rule (`core.rules.RULE_SENTENCES`), then the detail. A rule without a
sentence still shows (with a generic sentence and its own message), so a rule
added to core never hides a problem.
"""

from __future__ import annotations

from core import RULE_SENTENCES
from core.packs import PackStatus

#: The sentences live with the rules (`core/rules.py`), so a rule and its words are added together.
STATUS_SENTENCES = RULE_SENTENCES

GENERIC_SENTENCE = "Cordon reported a problem with this pack."


def sentence(status: PackStatus) -> str:
    """The plain-words sentence for a status's rule."""
    return STATUS_SENTENCES.get(status.rule, GENERIC_SENTENCE)


def detail(status: PackStatus) -> str:
    """The technical line under the sentence: where, what, and the rule's name."""
    return str(status)
