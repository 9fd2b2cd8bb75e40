"""A translator's review sheet: every entry of one language's catalog that is new or changed since the
last review, side by side with English (and with the translation the reviewer last saw), one row to
tick each. See docs/translating.md.

    python scripts/review_sheet.py sv                      # review-sv.html: changes since the last review
    python scripts/review_sheet.py de --format csv -o de.csv
    python scripts/review_sheet.py is --since 3b48781      # changes since any git revision
    python scripts/review_sheet.py sv --mark-reviewed      # once a native speaker has ticked every row
    python scripts/review_sheet.py de --sample 150         # a fresh random sample of the whole catalog
    python scripts/review_sheet.py de --sample 150 --seed 4711   # the same sample again

"The last review" of each language is a git revision recorded in ``locales/reviews.toml``: the sheet
compares the catalog as it was at that revision with the catalog in the work tree. ``--mark-reviewed``
records the current commit, and refuses while the catalog has changes that are not committed (they
would count as reviewed without being in any revision).

``--sample N`` lists N entries drawn at random from the whole catalog instead (the code's texts, the
rulebook's statements and examples, the lessons' texts): a native reader counts the errors in it to give
the errors per 100 entries (docs/translating.md). Each run draws a fresh sample and names its seed;
``--seed`` draws that sample again.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import html
import io
import random
import secrets
import subprocess
import sys
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
REVIEWS = ROOT / "locales" / "reviews.toml"
LANGUAGES = ("sv", "de", "is")
NAMES = {"sv": "Swedish", "de": "German", "is": "Icelandic"}


@dataclass(frozen=True)
class Row:
    status: str  # "new" (no translation was reviewed for this English) or "changed"
    context: str | None
    english: str
    before: str  # the translation at the last review ("" if the entry is new)
    after: str
    where: str  # the first places the text is used


def catalog_path(lang: str) -> str:
    return f"locales/{lang}/LC_MESSAGES/canasta.po"


def read_catalog(data: bytes, lang: str) -> Catalog:
    return read_po(io.BytesIO(data), locale=lang)


def catalog_at(revision: str, lang: str, root: Path = ROOT) -> Catalog:
    """The catalog as committed at ``revision`` (an empty one if the language did not exist yet)."""
    shown = subprocess.run(["git", "show", f"{revision}:{catalog_path(lang)}"], cwd=root,
                           capture_output=True, check=False)
    if shown.returncode != 0:
        known = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"],
                               cwd=root, capture_output=True, check=False)
        if known.returncode != 0:
            raise SystemExit(f"review_sheet: no such git revision: {revision}")
        return Catalog(locale=lang)
    return read_catalog(shown.stdout, lang)


def _text(value: str | Sequence[str] | None) -> str:
    """One string for a message's id or translation; plural forms as ``[0] … | [1] …``."""
    assert value is not None  # read from a catalog: Babel's type allows None, a catalog read has none
    if isinstance(value, str):
        return value
    return " | ".join(f"[{i}] {form}" for i, form in enumerate(value))


def _key(message: Message) -> tuple[str | None, str]:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return message.context, msgid


def changes(before: Catalog, after: Catalog) -> list[Row]:
    """Every entry of ``after`` whose translation a reviewer has not seen: new English, or a
    translation that differs from the one at the last review. Order: as in the catalog."""
    old = {_key(m): m for m in before if m.id}
    rows = []
    for message in after:
        if not message.id:
            continue
        previous = old.get(_key(message))
        now = _text(message.string)
        if previous is not None and _text(previous.id) == _text(message.id) and _text(previous.string) == now:
            continue
        reviewed = previous is not None and _text(previous.id) == _text(message.id)
        rows.append(Row("changed" if reviewed else "new", message.context, _text(message.id),
                        _text(previous.string) if reviewed and previous is not None else "", now,
                        _where(message)))
    return rows


def sample(catalog: Catalog, size: int, seed: int) -> list[Row]:
    """``size`` entries of ``catalog`` drawn at random (all of them if it has fewer), in catalog order;
    the same seed draws the same entries from the same catalog."""
    messages = [message for message in catalog if message.id]
    chosen = set(random.Random(seed).sample(range(len(messages)), min(size, len(messages))))
    return [Row("sample", message.context, _text(message.id), "", _text(message.string), _where(message))
            for index, message in enumerate(messages) if index in chosen]


def _where(message: Message) -> str:
    return ", ".join(f"{path}:{line}" if line else path for path, line in message.locations[:2])


def last_review(lang: str, reviews: Path = REVIEWS) -> str:
    if not reviews.exists():
        raise SystemExit(f"review_sheet: {reviews} is missing: give --since REVISION")
    recorded = tomllib.loads(reviews.read_text(encoding="utf-8")).get(lang)
    if not recorded or not recorded.get("revision"):
        raise SystemExit(f"review_sheet: {reviews} has no review of {lang}: give --since REVISION")
    return str(recorded["revision"])


def mark_reviewed(lang: str, reviews: Path = REVIEWS, root: Path = ROOT) -> str:
    """Record the current commit as the last review of ``lang``; returns the revision."""
    dirty = subprocess.run(["git", "status", "--porcelain", "--", catalog_path(lang)], cwd=root,
                           capture_output=True, text=True, check=True).stdout.strip()
    if dirty:
        raise SystemExit(f"review_sheet: commit {catalog_path(lang)} first: the review must name a revision")
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True,
                          check=True).stdout.strip()
    recorded = tomllib.loads(reviews.read_text(encoding="utf-8")) if reviews.exists() else {}
    recorded[lang] = {"revision": head, "date": datetime.date.today().isoformat()}
    lines = ["# The last native review of each catalog: scripts/review_sheet.py compares against it.", ""]
    for code in sorted(recorded):
        lines += [f"[{code}]"] + [f'{key} = "{value}"' for key, value in recorded[code].items()] + [""]
    reviews.write_text("\n".join(lines), encoding="utf-8")
    return head


def as_csv(rows: Sequence[Row]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["ok", "status", "context", "English", "before", "now", "where", "remark"])
    for row in rows:
        writer.writerow(["", row.status, row.context or "", row.english, row.before, row.after, row.where, ""])
    return out.getvalue()


def as_html(rows: Sequence[Row], lang: str, since: str, seed: int | None = None) -> str:
    def cell(text: str, cls: str = "") -> str:
        return f'<td class="{cls}">{html.escape(text)}</td>'

    if seed is None:
        intro = f"""<p>Changed since git revision <code>{html.escape(since)}</code>. Tick a row when the translation reads
as a native speaker would write it and uses the terms of <code>locales/glossary.toml</code>; write a
remark where it does not. Then run <code>scripts/review_sheet.py {lang} --mark-reviewed</code>.</p>"""
    else:
        intro = f"""<p>A random sample of the catalog, seed {seed}
(<code>scripts/review_sheet.py {lang} --sample {len(rows)} --seed {seed}</code> draws it again). Tick a row
when the translation reads as a native writer would write it; write a remark for each error. Errors per
100 entries: the rows with a remark × 100 / {len(rows)}.</p>"""
    body = "\n".join(
        "<tr>" + '<td><input type="checkbox" aria-label="reviewed"></td>' + cell(row.status)
        + cell(row.english + (f"  ({row.context})" if row.context else ""), "en")
        + cell(row.before, "before") + cell(row.after, "now") + cell(row.where, "where")
        + '<td contenteditable="true"></td></tr>'
        for row in rows)
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<title>canasta-tutor: {NAMES[lang]} review sheet</title>
<style>
body {{ font-family: sans-serif; margin: 1em; }}
table {{ border-collapse: collapse; width: 100%; }}
td, th {{ border: 1px solid #bbb; padding: 4px 6px; vertical-align: top; }}
th {{ background: #eee; position: sticky; top: 0; }}
.before {{ color: #777; }} .where {{ font-size: 80%; color: #555; }}
</style></head><body>
<h1>{NAMES[lang]}: {len(rows)} entries to review</h1>
{intro}
<table><thead><tr><th>ok</th><th>status</th><th>English</th><th>before</th><th>now</th><th>where</th>
<th>remark</th></tr></thead><tbody>
{body}
</tbody></table></body></html>
"""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("lang", choices=LANGUAGES)
    parser.add_argument("--since", help="a git revision (default: the last review in locales/reviews.toml)")
    parser.add_argument("--format", choices=("html", "csv"), default="html")
    parser.add_argument("-o", "--output", type=Path, help="default: review-LANG.html or .csv; - for stdout")
    parser.add_argument("--mark-reviewed", action="store_true", help="record the current commit as reviewed")
    parser.add_argument("--sample", type=int, metavar="N", help="N entries drawn at random from the whole catalog")
    parser.add_argument("--seed", type=int, help="with --sample: the seed of a sample to draw again")
    args = parser.parse_args(argv)
    if args.mark_reviewed:
        print(f"{args.lang}: reviewed at {mark_reviewed(args.lang)}")
        return 0
    now = read_catalog((ROOT / catalog_path(args.lang)).read_bytes(), args.lang)
    if args.sample is not None:
        if args.sample < 1:
            parser.error("--sample needs a positive number of entries")
        seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
        rows = sample(now, args.sample, seed)
        since = f"a random sample, seed {seed}"
        text = as_csv(rows) if args.format == "csv" else as_html(rows, args.lang, since, seed)
    else:
        if args.seed is not None:
            parser.error("--seed goes with --sample")
        since = args.since or last_review(args.lang)
        rows = changes(catalog_at(since, args.lang), now)
        text = as_csv(rows) if args.format == "csv" else as_html(rows, args.lang, since)
    if str(args.output) == "-":
        sys.stdout.write(text)
        if args.sample is not None:
            print(f"{args.lang}: {since}", file=sys.stderr)
    else:
        output = args.output or Path(f"review-{args.lang}.{args.format}")
        output.write_text(text, encoding="utf-8")
        what = since if args.sample is not None else f"since {since}"
        print(f"{args.lang}: {len(rows)} entries to review, {what} -> {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
