"""Header tags of game records, shared by both games' record formats.

A tag line is ``[Key "value"]``: the key is letters, digits and ``_``; in the value a
``"`` or ``\\`` is escaped with a backslash, and a value stays on one line.

>>> tag_line("White", 'Ann "the Bold"')
'[White "Ann \\\\"the Bold\\\\""]'
>>> parse_tag_line(tag_line("White", 'Ann "the Bold"'), 1)
('White', 'Ann "the Bold"')
"""

from .errors import RecordError

try:
    from typing import Any, Callable, Dict, List, Tuple
except ImportError:  # MicroPython
    pass

#: The characters of a tag name.
WORD_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_"


def tag_line(key: str, value: object) -> str:
    """The tag line ``[Key "value"]``; quotes and backslashes escaped, control characters made spaces."""
    out = []
    for ch in str(value):
        if ch == "\\" or ch == '"':
            out.append("\\" + ch)
        elif ch < " " or ch == "\x7f":
            out.append(" ")  # values are single-line
        else:
            out.append(ch)
    return '[%s "%s"]' % (key, "".join(out))


def parse_tag_line(line: str, number: int) -> "Tuple[str, str]":
    """(key, value) of a tag line; ``RecordError`` naming the line ``number`` and what is wrong."""

    def bad(why: str) -> RecordError:
        return RecordError('line %d: malformed tag %s (%s; expected [Key "value"])' % (number, short(line), why))

    if len(line) < 2 or line[-1] != "]":
        raise bad("no closing ']'")
    inner = line[1:-1].strip()
    k = 0
    for ch in inner:
        if ch not in WORD_CHARS:
            break
        k += 1
    key = inner[:k]
    if not key:
        raise bad("no tag name")
    rest = inner[k:].strip()
    if len(rest) < 2 or rest[0] != '"' or rest[-1] != '"':
        raise bad("the value must be in double quotes")
    out = []
    escaped = False
    for ch in rest[1:-1]:
        if escaped:
            out.append(ch)
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == '"':
            raise bad("a '\"' inside the value must be written \\\"")
        else:
            out.append(ch)
    if escaped:
        raise bad("a '\\' at the end of the value")
    return key, "".join(out)


def is_word(key: object) -> bool:
    """True for a tag name: letters, digits and ``_`` only."""
    if not isinstance(key, str) or not key:
        return False
    return all(ch in WORD_CHARS for ch in key)


def short(text: str) -> str:
    """``text`` cut to 40 characters, control characters shown as ``\\xNN`` (same on every Python)."""
    if len(text) > 40:
        text = text[:37] + "..."
    out = []
    for ch in text:
        if ch < " " or ch == "\x7f":
            out.append("\\x%02x" % ord(ch))
        else:
            out.append(ch)
    return "".join(out)


def read_tag_block(lines: "List[str]", max_tags: int) -> "Tuple[Dict[str, str], int]":
    """(tags, index of the first line after them) of the tag lines at the top of a record.

    Blank lines may stand among the tags; a tag given twice, or more than ``max_tags``
    tags, is a ``RecordError`` naming the line.
    """
    tags = {}  # type: Dict[str, str]
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        if line and line[0] != "[":
            break
        if line:
            key, value = parse_tag_line(line, i + 1)
            if key in tags:
                raise RecordError("line %d: tag %s appears twice" % (i + 1, key))
            if len(tags) >= max_tags:
                raise RecordError("too many tags (more than %d)" % max_tags)
            tags[key] = value
        i += 1
    return tags, i


#: Tags a record writes that the game works out itself (its result, its score, its start), so
#: they are not kept as the game's own tags when a record is read.
DERIVED_TAGS = ("Result", "Score", "Position")


def start_from_tags(tags: "Dict[str, str]", new_game: "Callable[[], Any]",
                    from_position: "Callable[[str], Any]", standard: "Tuple[str, ...]") -> "Any":
    """The game a record starts from: its ``Position`` tag's (``from_position``) or a new one
    (``new_game``), holding the record's own tags (not the derived ones, nor a ``standard``
    tag left unknown as ``"?"``).  A bad ``Position`` tag is a ``RecordError`` saying so."""
    start = tags.get("Position")
    if start is None:
        game = new_game()
    else:
        try:
            game = from_position(start)
        except ValueError as e:
            raise RecordError("Position tag: %s" % e, code="record-position", cause=e)
    for key in tags:
        if key in DERIVED_TAGS or (key in standard and tags[key] == "?"):
            continue
        game.tags[key] = tags[key]
    return game
