"""The rules reference as a learner reads it, no Flet: a variant's rules (``engine.ruledocs``) grouped
by the lessons' topics in the path's order, one heading a rule (the refusals that share a title are
told together under it), and a search over what the learner reads.

The view (``tutor.views.rules``) draws :func:`reference` or what :func:`search` leaves of it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.core.i18n import translate
from engine.core.rules import Rules
from engine.ruledocs.told import rule_doc, rule_ids
from tutor.lessons.files import TOPICS

# Each rule's topic by its id's first part ...
PREFIX_TOPICS: Mapping[str, str] = {
    "deal": "basics", "red_three": "basics", "turn": "basics", "hand": "basics", "meld": "basics",
    "discard": "basics", "replacement": "basics", "stock": "pile", "pile": "pile", "opening": "opening",
    "going_out": "going_out", "ask": "going_out", "answer": "going_out",
}
# ... where the rule does not belong with its first part's (asking partner is part of going out) ...
RULE_TOPICS: Mapping[str, str] = {"turn.answer_pending": "going_out", "hand.over": "going_out"}
# ... and Royal Canasta's own melds, which its lessons teach under their own topic.
ROYAL_OWN = frozenset({"meld.samba", "meld.bolivia", "meld.one_bolivia", "meld.threes", "meld.threes_wild",
                       "meld.threes_closed", "meld.seven_cards"})


def topic_of(variant: str, rule_id: str) -> str:
    """The lessons' topic (``tutor.lessons.files.TOPICS``) a rule of the variant is read under."""
    if variant == "royal" and rule_id in ROYAL_OWN:
        return "royal"
    return RULE_TOPICS.get(rule_id) or PREFIX_TOPICS[rule_id.split(".")[0]]


@dataclass(frozen=True)
class Passage:
    """The text's own words for a heading's rules, where they stand, and their translation."""

    source: str  # the variant and the section, in the learner's language
    quote: str  # verbatim, in the seed's language
    quote_lang: str
    translation: str  # in the learner's language; "" where that is the quote's own


@dataclass(frozen=True)
class Heading:
    """One rule as a learner looks it up: its title, and each of its statements with an example."""

    key: str  # the first rule id under it (the list scrolls to it)
    title: str
    rules: tuple[str, ...]
    told: tuple[tuple[str, str], ...]  # (statement, example), each once
    note: str  # the text is silent here ("" where it is not)
    passages: tuple[Passage, ...]  # each once

    def texts(self) -> tuple[str, ...]:
        """Everything a learner reads under the heading."""
        return (self.title, *(text for pair in self.told for text in pair), self.note,
                *(text for p in self.passages for text in (p.source, p.translation or p.quote)))

    def matches(self, words: tuple[str, ...], phrase: bool = False) -> bool:
        """Whether every one of ``words`` (casefolded) is in the heading's title or its text; with
        ``phrase``, the words one after the other in one of its texts."""
        if phrase:
            wanted = " ".join(words)
            return any(wanted in " ".join(text.casefold().split()) for text in self.texts())
        text = " ".join(self.texts()).casefold()
        return all(word in text for word in words)


@dataclass(frozen=True)
class Topic:
    key: str  # a key of TOPICS
    title: str
    headings: tuple[Heading, ...]


def reference(rules: Rules, lang: str) -> tuple[Topic, ...]:
    """The variant's rules in ``lang``: by topic in the lessons' order, a heading a title in the
    rulebook's order (from the deal to going out)."""
    grouped: dict[str, dict[str, list[str]]] = {topic: {} for topic in TOPICS}
    docs = {rule_id: rule_doc(rules, rule_id, lang) for rule_id in rule_ids(rules)}
    for rule_id, doc in docs.items():
        grouped[topic_of(rules.name, rule_id)].setdefault(doc.title, []).append(rule_id)
    topics = []
    for topic, titles in grouped.items():
        headings = []
        for title, ids in titles.items():
            told = dict.fromkeys((docs[r].statement, docs[r].example) for r in ids)
            passages = dict.fromkeys(Passage(docs[r].source, docs[r].quote, docs[r].quote_lang, docs[r].translation)
                                     for r in ids)
            note = next((docs[r].note for r in ids if docs[r].note), "")
            headings.append(Heading(ids[0], title, tuple(ids), tuple(told), note, tuple(passages)))
        if headings:
            topics.append(Topic(topic, translate(TOPICS[topic], lang), tuple(headings)))
    return tuple(topics)


def search(topics: tuple[Topic, ...], query: str) -> tuple[Topic, ...]:
    """The topics and headings that hold what is typed (in any case): those holding it as typed, the
    words in that order, if any does ("frozen pile": the frozen pile, a natural meld for a frozen
    pile, not the first card of the pile, whose pile "is frozen"); else those holding every word
    anywhere in their title or text. An empty query keeps them all."""
    words = tuple(query.casefold().split())
    if not words:
        return topics
    for phrase in (True, False):
        kept = (Topic(t.key, t.title, tuple(h for h in t.headings if h.matches(words, phrase))) for t in topics)
        found = tuple(t for t in kept if t.headings)
        if found:
            return found
    return ()


def count(topics: tuple[Topic, ...]) -> int:
    """How many headings ``topics`` hold."""
    return sum(len(topic.headings) for topic in topics)


def heading_of(topics: tuple[Topic, ...], rule_id: str) -> str | None:
    """The key of the heading ``rule_id`` is told under (the list scrolls to it), if shown."""
    return next((h.key for t in topics for h in t.headings if rule_id in h.rules), None)
