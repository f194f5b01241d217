"""Many similar buttons as a few rows: "Spawn Pawn at …: a1 b1 c1 d1 e1 f1".

Labels that differ in one word only share a row whose head shows the rest of the label with
"…" where the word goes; the buttons show the words. Labels left over that start with the
same words ("Start with …") share a row too. Everything else is a button of its own. The full
label stays with every button: it is what a click plays.
"""

from __future__ import annotations

ELLIPSIS = "…"
PREFIX_ROW = 3  # labels sharing only a beginning need this many to make a row


def _common(words: list[str], chars: str, at_end: bool) -> str:
    """Brackets and commas every varying word has alike at its start (or end)."""
    n = 0
    while all(len(w) > n + 1 for w in words):
        piece = {w[len(w) - n - 1] if at_end else w[n] for w in words}
        if len(piece) != 1 or piece.pop() not in chars:
            break
        n += 1
    return (words[0][len(words[0]) - n :] if at_end else words[0][:n]) if n else ""


def _one_word_rows(items: list[tuple[int, list[str]]]) -> tuple[list, list]:
    """Rows of labels (index, words) that differ in exactly one word, largest rows first."""
    rows, left = [], list(items)
    while True:
        best: tuple[int, tuple, list] | None = None
        for _, words in left:
            for pos in range(len(words)):
                key = (len(words), pos, tuple(words[:pos]), tuple(words[pos + 1 :]))
                members = [
                    (i, w)
                    for i, w in left
                    if len(w) == key[0]
                    and tuple(w[:pos]) == key[2]
                    and tuple(w[pos + 1 :]) == key[3]
                ]
                if len(members) >= 2 and (best is None or len(members) > len(best[2])):
                    best = (pos, key, members)
        if best is None:
            return rows, left
        pos, key, members = best
        words = [w[pos] for _, w in members]
        # Punctuation every varying word shares ("(card 1)", "(card 2)") stays in the head.
        lead = _common(words, "([", at_end=False)
        tail = _common(words, ")],.", at_end=True)
        middle = lead + ELLIPSIS + tail
        head = " ".join([*key[2], middle, *key[3]])
        rows.append((head, [(i, w[pos][len(lead) : len(w[pos]) - len(tail)]) for i, w in members]))
        chosen = {i for i, _ in members}
        left = [(i, w) for i, w in left if i not in chosen]


def _prefix_rows(items: list[tuple[int, list[str]]]) -> tuple[list, list]:
    """Rows of labels that begin with the same words (at least PREFIX_ROW of them)."""
    rows, left = [], list(items)
    for size in range(max((len(w) for _, w in items), default=0) - 1, 0, -1):
        groups: dict[tuple, list] = {}
        for i, w in left:
            if len(w) > size:
                groups.setdefault(tuple(w[:size]), []).append((i, w))
        for prefix, members in groups.items():
            if len(members) >= PREFIX_ROW:
                rows.append(
                    (" ".join([*prefix, ELLIPSIS]), [(i, " ".join(w[size:])) for i, w in members])
                )
                chosen = {i for i, _ in members}
                left = [(i, w) for i, w in left if i not in chosen]
    return rows, left


def rows(labels: list[str]) -> list[tuple[str | None, list[tuple[int, str]]]]:
    """The labels as rows of (head or None, [(index into labels, button text)]), in the
    order the labels first appear."""
    items = [(i, label.split()) for i, label in enumerate(labels)]
    one_word, left = _one_word_rows(items)
    by_prefix, left = _prefix_rows(left)
    out = [*one_word, *by_prefix, *((None, [(i, labels[i])]) for i, _ in left)]
    out.sort(key=lambda row: min(i for i, _ in row[1]))
    return [(head, sorted(members)) for head, members in out]
