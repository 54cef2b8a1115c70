"""The fuzz of the pages' parsers of outside input (issue 44): game links (``read``, then the page's
``adopt``), both embeds' ``parse``, both games' saves (``load``, ``restore``) and imported records.

Each entry point gets mutations of valid inputs and inputs crafted to pass the first checks (a link
whose check sum is right, a save that is valid JSON).  Every input must be opened or refused with the
entry point's documented error, a message of at most 400 characters; what opens must open whole: a
link's game writes its record and its link again, and reads them back the same; an adopted game or
a restored save is saved and restored again; a refused save leaves the session as it was.

Run by ``tests/test_fuzz_parsers.py`` (a few thousand with a fixed seed) and as a script, the cases of each
entry point, then the crafted ones, with the outcomes counted, the slowest case and the longest message; exits 1
on a case that fails::

    python benchmarks/pages/fuzz_pages.py [--cases 30000] [--seed 1]

:func:`crafted` are the cases ``tests/micropython/`` runs on the page's MicroPython too.
"""

import argparse
import base64
import binascii
import json
import os
import random
import sys
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _path in (ROOT, os.path.join(ROOT, "web")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from diamonds import embed_params as diamonds_embed  # noqa: E402
from diamonds import persist as diamonds_persist  # noqa: E402
from diamonds.session import Session as DiamondsSession  # noqa: E402
from dvonn import embed_params as dvonn_embed  # noqa: E402
from dvonn import persist as dvonn_persist  # noqa: E402
from dvonn.session import Session as DvonnSession  # noqa: E402
from dvonn_core import PositionError, RecordError  # noqa: E402
from dvonn_core.diamonds import PositionError as DPositionError  # noqa: E402
from kernel import link_format  # noqa: E402
from kernel.url import EmbedError, parse_query  # noqa: E402

MAX_MESSAGE = 400
PERSIST = {"dvonn": dvonn_persist, "diamonds": diamonds_persist}
SESSIONS = {"dvonn": DvonnSession, "diamonds": DiamondsSession}
EMBEDS = {"dvonn": dvonn_embed, "diamonds": diamonds_embed}
NOISE = "0123456789abcdefwbWB-_.,;:/\\\"'{}[]<>()%+=&?# \t\n\r\x00\u00b2\u0663\uff11\u00e9\ufeff\u212a"

DVONN_MOVES = ["F3", "C3", "I3", "E3", "A1", "B2", "D5", "K5", "G1", "H2", "E5", "C1"]
DIAMONDS_MOVES = ["e1", "e9", "c7", "b9", "c3", "d3", "d2", "e5", "b5", "f2", "g3", "b7", "f1", "e2", "e3",
                  "a7", "f3", "a8", "g2", "b6 b6>e3 d3/f2>a6 d3>g3", "e2 e2>b5"]


class Failure(Exception):
    """A case that broke the rule: an undocumented error, a long message, a round trip that is not exact."""


# -- valid samples -----------------------------------------------------------------------------
def _game(name, moves, start=None):
    game = PERSIST[name].SAVES.start(start)
    for move in moves:
        game.play(move)
    return game


def _games():
    """A few games of each game, as the pages hold them (with tags, a random setup)."""
    out = []
    for n in (0, 1, 5, len(DVONN_MOVES)):
        game = _game("dvonn", DVONN_MOVES[:n])
        game.tags["White"] = "Ann"
        out.append(("dvonn", game, {"random_setup": False} if n % 2 else {}))
    session = DvonnSession()
    session.new_game(seed=7, random_setup=True)
    for move in ("E3", "F3")[:1]:
        try:
            session.game.play(move)
        except ValueError:
            pass
    out.append(("dvonn", session.game, {"random_setup": True}))
    for n in (0, 2, 9, len(DIAMONDS_MOVES)):
        game = _game("diamonds", DIAMONDS_MOVES[:n])
        game.tags["Black"] = "Bo \u00e9"
        out.append(("diamonds", game, {}))
    return out


GAMES = _games()


def links():
    """(game name, value) of valid links: numbered and as text."""
    out = []
    for name, game, options in GAMES:
        link = link_format.of_game(name, "abcdefgh", game, 0, 12345, options)
        out.append((name, link_format.pack(link)))
        coder = link_format.Coder(PERSIST[name].LINK_CODEC, PERSIST[name].SAVES.start, game.start_position)
        out.append((name, link_format.pack(link, coder)))
    return out


def saves():
    """(game name, saved text) of valid saves."""
    out = []
    for name, game, options in GAMES:
        session = SESSIONS[name]()
        session.adopt(game.copy(), players={"white": "human", "black": "bot"}, level="medium", base=0, seed=3,
                      **options)
        out.append((name, PERSIST[name].dumps(session)))
    return out


def records():
    out = []
    for name, game, _options in GAMES:
        out.append((name, game.record()))
        out.append((name, " ".join(str(m) for m in game.moves)))
    out.append(("diamonds", _game("diamonds", DIAMONDS_MOVES).position()))
    return out


EMBED_QUERIES = [("dvonn", "?moves=F3,C3,I3&at=2&flip=1&highlight=E3,F4&caption=Two+moves"),
                 ("dvonn", "?position=9-10-11-10-9.wp&play=1&labels=0"),
                 ("dvonn", "?game=dvonn&lang=de&at=end"),
                 ("diamonds", "?game=diamonds&position=5-6-7-8-4b4-8-7-6-5.ws&flip=1"),
                 ("diamonds", "?game=diamonds&moves=e1,e9,c7&caption=Start&labels=0")]


# -- the link's body, and links crafted with a right check sum -----------------------------------
def body_of(value):
    """The body of a ``#game=`` value (no checks)."""
    text = value[1:]
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    return zlib.decompressobj(-15).decompress(data[4:])


def value_of(body):
    """A ``#game=`` value for ``body`` with its check sum right."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = (binascii.crc32(body) & 0xFFFFFFFF).to_bytes(4, "big") + packer.compress(body) + packer.flush()
    return "1" + base64.urlsafe_b64encode(data).decode().rstrip("=")


HOSTILE_NUMBERS = ["", "-1", "\u00b2", "\u0663", "1e3", "0x1f", " 7", "9" * 5000, "9" * 300, "00", "4294967296",
                   "99999999999999999999"]
HOSTILE_OPTIONS = ['{"players":1}', '{"level":"x"}', '{"base":2}', '{"seed":"a"}', '{"game":1}', '{"redo":[1]}',
                   '{"kinds":[]}', '{"review":true}', '{"position":"9-10-11-10-9.wp"}', '{"random_setup":"yes"}',
                   '{"random_setup":true}', '{"random_setup":1}', "[" * 2000 + "]" * 2000,
                   '{"a":' * 2000 + "1" + "}" * 2000, '{"x":1.5}', "[1]", "null", '{"white":"bot"}',
                   '{"seed":' + "9" * 5000 + "}", '{"\\u0000":true}', '{"players":{"white":"bot"}}']
HOSTILE_TAGS = ["<img>\tx", "a b\tc", "White\tAnn\tB", "White\t" + "x" * 1000, "\tx", "Result\t1-0",
                "Position\t9-10-11-10-9.wp", "White\t\x00\x7f", "LinkGame\tzz", "W\u00e9\tx", "x" * 300 + "\ty",
                "Black\t\"<b>\"\\", "White\tAnn\rB"]


def craft(rng, name, value):
    """A link crafted from a valid ``value``: its body changed where a person would, the check sum right."""
    body = body_of(value)
    split = body.find(b"\n\n")
    head = body[:split].decode("utf-8").split("\n")
    moves = body[split + 2:]
    fields = head[0].split("\t")
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(9)
        if op == 0:  # a number of the header
            fields[rng.choice((3, 5, 6))] = rng.choice(HOSTILE_NUMBERS)
        elif op == 1:
            fields[7] = rng.choice(HOSTILE_OPTIONS)
        elif op == 2:
            head.insert(2, rng.choice(HOSTILE_TAGS))
        elif op == 3:
            head[2:] = ["T%d\tv" % i for i in range(rng.choice((49, 50, 51, 400)))]
        elif op == 4:  # moves
            if fields[4] == "C":
                moves = bytes(rng.randrange(256) for _ in range(rng.choice((1, 8, 200, 5000))))
                if rng.random() < 0.5:
                    fields[3] = str(rng.choice((1, 10, 100, 1000, 100000)))
            else:
                fields[4] = "L" if fields[4] == "U" else "U"  # the other case: 'b2' for 'B2'
        elif op == 5:
            fields[2] = rng.choice(("white", "black", "", "White", "x" * 100))
        elif op == 6:
            head[1] = rng.choice(("", "-", "9-10-11-10-9.wp", "5-6-7-8-9-8-7-6-5.b", "x" * 500, "9-10-11-10-9.w"))
        elif op == 7:
            fields[0] = rng.choice(("dvonn", "diamonds", "chess", "", "x" * 500))
        else:
            fields[1] = rng.choice(("", "a", "x" * 41, "abc\u00e9", "ab cd"))
    head[0] = "\t".join(fields)
    return value_of(("\n".join(head) + "\n\n").encode("utf-8") + moves)


def crafted_digits(name, length, byte=1, count=1000):
    """A short link whose numbered moves hold ``length`` bytes of digits (they compress to nothing)."""
    body = ("%s\tabcdefgh\twhite\t%d\tC\t0\t1\t\n-\n\n" % (name, count)).encode() + bytes([byte]) * length
    return value_of(body)


def mutate(rng, text, noise=NOISE):
    """``text`` with a few random edits (benchmarks/core/fuzz.py's, with this module's noise)."""
    from benchmarks.core.fuzz import mutate as edit
    return edit(rng, text, noise)


# -- saves crafted as valid JSON ---------------------------------------------------------------
HOSTILE_VALUES = [None, True, 1, -1, 10 ** 300, 1.5, "", "x" * 1000, [], {}, [[[]]], {"a": 1}, "white",
                  "\u00b2", ["E3"], {"white": "bot", "black": 1}, {"players": 1}, {"random_setup": "yes"},
                  {"a b": "x"}, {"<img>": "x"}, {"White": "Ann\tB"}, {"White": 1}, {"White": "x" * 5000}]


def craft_save(rng, text):
    data = json.loads(text)
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(5)
        key = rng.choice(sorted(data)) if data else "format"
        if op == 0:
            data[key] = rng.choice(HOSTILE_VALUES)
        elif op == 1:
            data.pop(key, None)
        elif op == 2:
            data["options"] = rng.choice(HOSTILE_VALUES[11:20] + [{"random_setup": True}, {"players": 1}])
        elif op == 3:
            data["tags"] = rng.choice(HOSTILE_VALUES[17:] + [{"T%d" % i: "v" for i in range(201)}])
        else:
            data["format"] = rng.choice((1, 2, 3, 0, -1, 10 ** 300, "2", 2.0))
    out = json.dumps(data)
    if rng.random() < 0.1:
        out = "[" * 2000 + out + "]" * 2000
    if rng.random() < 0.1:
        out = '{"kind":' + "[" * 5000 + "]" * 5000 + "}"
    return out


# -- the entry points: each returns its result; raises what the page would meet -------------------
def _check_message(error):
    if len(str(error)) > MAX_MESSAGE:
        raise Failure("a message of %d characters: %s..." % (len(str(error)), str(error)[:120]))


def link_read(case):
    name, value = case
    persist = PERSIST[name]
    link, game = link_format.read(value, name, persist.SAVES.start, persist.LINK_CODEC,
                                  options=getattr(persist, "OPTIONS", None))
    # Whatever opens writes its record and its link again, and reads both back the same.
    record = game.record()
    again = persist.read_record(record)
    if again.position() != game.position():
        raise Failure("the record of an opened link reads back as another game")
    back, game2 = link_format.read(link_format.pack(link), name, persist.SAVES.start, persist.LINK_CODEC)
    back.coded, link.coded = None, None
    if back != link or game2.position() != game.position():
        raise Failure("an opened link does not pack to itself: %r" % (link,))
    return link, game


def link_adopt(case):
    """``read``, then what ``kernel/by_link.py`` does with an opened link: the session adopts it,
    and the page saves it (and must be able to restore that save)."""
    name = case[0]
    link, game = link_read(case)
    session = SESSIONS[name]()
    players = {link.to_move: "human", "white" if link.to_move == "black" else "black": "remote"}
    session.adopt(game, players=players, level=session.level, base=link.base, seed=link.seed, **link.options)
    text = PERSIST[name].dumps(session)
    PERSIST[name].restore(SESSIONS[name](), text)
    return session


def embed_parse(case):
    name, query = case
    return EMBEDS[name].parse(parse_query(query))


def save_load(case):
    name, text = case
    return PERSIST[name].load(text)


def save_restore(case):
    name, text = case
    persist = PERSIST[name]
    session = SESSIONS[name]()
    session.new_game(white="human", black="bot", level="hard")
    before = persist.dumps(session)
    try:
        persist.restore(session, text)
    except persist.SavedGameError:
        if persist.dumps(session) != before:
            raise Failure("a refused save changed the session") from None
        raise
    again = persist.dumps(session)
    persist.restore(SESSIONS[name](), again)
    session.game.record()
    return session


def record_import(case):
    name, text = case
    game = PERSIST[name].read_import(text, "the pasted record")
    game.record()
    return game


#: Each entry point: (its function, the errors it documents).
ENTRY_POINTS = {
    "link read": (link_read, (link_format.LinkError,)),
    "link adopt": (link_adopt, (link_format.LinkError,)),
    "embed dvonn": (embed_parse, (EmbedError,)),
    "embed diamonds": (embed_parse, (EmbedError,)),
    "save load": (save_load, (dvonn_persist.SavedGameError,)),
    "save restore": (save_restore, (dvonn_persist.SavedGameError,)),
    "import dvonn": (record_import, (dvonn_persist.InputError, RecordError, PositionError)),
    "import diamonds": (record_import, (diamonds_persist.InputError, RecordError, DPositionError)),
}


# -- the cases -----------------------------------------------------------------------------------
def link_cases(rng, n):
    valid = links()
    out = [rng.choice(valid) for _ in range(max(1, n // 20))]
    while len(out) < n:
        name, value = rng.choice(valid)
        r = rng.random()
        if r < 0.3:
            out.append((name, mutate(rng, value)))
        elif r < 0.9:
            out.append((name, craft(rng, name, value)))
        else:
            body = bytearray(body_of(value))
            for _ in range(rng.randint(1, 4)):
                if body:
                    body[rng.randrange(len(body))] = rng.randrange(256)
            out.append((name, value_of(bytes(body))))
    return out


def embed_cases(rng, n, game):
    valid = [q for g, q in EMBED_QUERIES if g == game]
    out = [(game, q) for q in valid]
    hostile = ["at=\u00b2", "at=" + "9" * 5000, "x" * 60000, "at=-0", "at=%FF", "caption=" + "c" * 301,
               "highlight=" + ",".join(["E3"] * 5000), "moves=" + ",".join(["F3"] * 5000), "lang=xx",
               "game=" + "g" * 500, "position=" + "9" * 5000, "flip=" + "y" * 500, "position=",
               "moves=" + "e5%00" * 100, "flip=1&flip=0", "%C3%28=1", "lang=de&lang=fr", "at=" + "\u0663"]
    while len(out) < n:
        base = rng.choice(valid)
        if rng.random() < 0.5:
            out.append((game, mutate(rng, base)))
        else:
            out.append((game, base + "&" + rng.choice(hostile) if rng.random() < 0.7 else "?" + rng.choice(hostile)))
    return out


def save_cases(rng, n):
    valid = saves()
    out = list(valid)
    while len(out) < n:
        name, text = rng.choice(valid)
        if rng.random() < 0.3:
            out.append((name, mutate(rng, text)))
        else:
            out.append((name, craft_save(rng, text)))
    return out


def import_cases(rng, n, game):
    valid = [r for g, r in records() if g == game]
    hostile = ['[White "%s"]\n\n' % ("x" * 70000), "[" * 5000, '[<img> "x"]\nF3', '[a b "x"]\nF3',
               "9" * 5000 + ". F3", "1. " + "F3 " * 20000, "\x00" * 100, "(;" * 3000, "\u00b2. F3",
               '[White "Ann\tB"]\n\nF3', "5-6-7-8-9-8-7-6-5." + "b" * 5000, "e5 " * 3000]
    out = [(game, r) for r in valid]
    while len(out) < n:
        r = rng.random()
        if r < 0.7:
            out.append((game, mutate(rng, rng.choice(valid))))
        else:
            out.append((game, rng.choice(hostile)))
    return out


def cases(rng, n):
    """``n`` cases of every entry point (the same for a seed)."""
    link = link_cases(rng, n)
    save = save_cases(rng, n)
    return {
        "link read": link,
        "link adopt": link_cases(rng, n),
        "embed dvonn": embed_cases(rng, n, "dvonn"),
        "embed diamonds": embed_cases(rng, n, "diamonds"),
        "save load": save,
        "save restore": save_cases(rng, n),
        "import dvonn": import_cases(rng, n, "dvonn"),
        "import diamonds": import_cases(rng, n, "diamonds"),
    }


def long_chain_link():
    """The link of the long-chain position's turn of 288 pivots (tests/data/diamonds), numbered."""
    with open(os.path.join(ROOT, "tests", "data", "diamonds", "long-chain.txt")) as f:
        position, turn = f.read().split("\n")[:2]
    game = _game("diamonds", [turn], position)
    link = link_format.Link("diamonds", "abcdefgh", game.to_move, {}, position, [turn])
    return link_format.pack(link, link_format.Coder(diamonds_persist.LINK_CODEC, diamonds_persist.SAVES.start,
                                                    position))


def crafted():
    """The crafted inputs of the issue (and a few more), as (entry point, case): the cases the
    page's MicroPython runs too, and the e2e test opens."""
    dvonn_link = links()[3][1]
    out = [("link read", ("dvonn", crafted_digits("dvonn", 250 * 1024))),
           ("link read", ("diamonds", crafted_digits("diamonds", 48 * 1024))),
           ("link read", ("dvonn", "1" + "A" * 16000)),
           # The most digits a link may hold (MAX_CODED), all read: the longest refusal that decodes.
           ("link read", ("dvonn", crafted_digits("dvonn", link_format.MAX_CODED))),
           ("link read", ("diamonds", crafted_digits("diamonds", link_format.MAX_CODED))),
           ("link read", ("diamonds", crafted_digits("diamonds", link_format.MAX_CODED, 255))),
           # A legal turn of 288 pivots (the long-chain position's), numbered: opened.
           ("link read", ("diamonds", long_chain_link())),
           # The longest value read, with a character no link has at its end; moves as text, 64 KB and more.
           ("link read", ("dvonn", "1" + "A" * (link_format.MAX_VALUE - 2) + "!")),
           ("link read", ("dvonn", value_of(b"dvonn\tabcdefgh\twhite\t5000\tU\t0\t1\t\n-\n\n"
                                            + b"\n".join([b"\xa6\xb8"] * 5000)))),
           ("link read", ("dvonn", value_of(b"dvonn\tabcdefgh\twhite\t5000\tU\t0\t1\t\n-\n\n"
                                            + b"\n".join([b"\xa6" * 20] * 5000))))]
    body = body_of(dvonn_link)
    split = body.find(b"\n\n")
    head = body[:split].decode().split("\n")
    fields = head[0].split("\t")
    for options in ('{"players":1}', '{"level":"x"}', '{"base":2}', '[' * 2000 + ']' * 2000, '{"seed":"a"}',
                    '{"kinds":[]}'):
        out.append(("link adopt", ("dvonn", value_of(("\t".join(fields[:7] + [options]) + "\n" + "\n".join(head[1:])
                                                      + "\n\n").encode() + body[split + 2:]))))
    for tag in ("<img>\tx", "White\tAnn\tB", "a b\tc"):
        out.append(("link adopt", ("dvonn", value_of(("\n".join(head[:2] + [tag]) + "\n\n").encode()
                                                     + body[split + 2:]))))
    for k, bad in ((3, "\u00b2"), (3, ""), (6, "9" * 5000), (5, "9" * 300)):
        f = list(fields)
        f[k] = bad
        out.append(("link read", ("dvonn", value_of(("\n".join(["\t".join(f)] + head[1:]) + "\n\n").encode()
                                                    + body[split + 2:]))))
    lower = link_format.pack(link_format.Link("dvonn", "abcdefgh", "white", {}, None, ["f3", "c3"]))
    out.append(("link read", ("dvonn", lower)))
    for query in ("?at=\u00b2", "?at=" + "9" * 5000, "?" + "x" * 60000, "?caption=" + "c" * 5000,
                  "?moves=" + "Z9," * 300, "?highlight=" + "q" * 5000, "?position=" + "x" * 5000):
        out.append(("embed dvonn", ("dvonn", query)))
    for query in ("?game=diamonds&moves=" + "\x01" * 40, "?game=diamonds&position=" + "5" * 5000,
                  "?game=diamonds&caption=" + "c" * 5000, "?game=" + "d" * 5000):
        out.append(("embed diamonds", ("diamonds", query)))
    for name, text in saves()[:1] + saves()[5:6]:
        data = json.loads(text)
        for key, value in (("options", {"players": 1}), ("format", 10 ** 300), ("tags", {"a b": "x"}),
                           ("tags", {"<img>": "x"}), ("seed", -1), ("seed", 10 ** 40)):
            changed = dict(data)
            changed[key] = value
            out.append(("save restore", (name, json.dumps(changed))))
        out.append(("save restore", (name, "[" * 2000 + "]" * 2000)))
    out.append(("import dvonn", ("dvonn", '[<img> "x"]\n\nF3')))
    out.append(("import diamonds", ("diamonds", "\x01" * 40)))
    # More pivots than any game of the site holds (the rules allow chains of thousands): a record, an embed.
    many = "e5 " + " ".join(["c5>f5"] * 1001)
    out.append(("import diamonds", ("diamonds", many)))
    out.append(("embed diamonds", ("diamonds", "?game=diamonds&moves=" + many.replace(" ", "+"))))
    return out


# -- running -----------------------------------------------------------------------------------
def run_case(entry, case):
    """(outcome, message, CPU seconds) of one case: outcome 'opened', a documented error's name, or
    'UNEXPECTED <name>' / 'FAILED' (a case that broke the rule).  CPU time: the machine may be loaded."""
    function, expected = ENTRY_POINTS[entry]
    start = time.process_time()
    message = ""
    try:
        function(case)
        outcome = "opened"
    except expected as error:
        outcome = type(error).__name__
        message = str(error)
        if len(message) > MAX_MESSAGE:
            outcome = "LONG " + outcome
    except Failure as error:
        outcome = "FAILED"
        message = str(error)
    except Exception as error:  # noqa: BLE001 - what the fuzz looks for
        outcome = "UNEXPECTED " + type(error).__name__
        message = str(error)
    return outcome, message, time.process_time() - start


def tally(entry, inputs, show=print):
    """Run every case of ``entry``; (outcomes counted, failures, the slowest of each kind: {'opened' or
    'refused': (CPU seconds, case)}, longest message)."""
    counts = {}
    failures = []
    slowest = {"opened": (0.0, None), "refused": (0.0, None)}
    longest = ""
    for case in inputs:
        outcome, message, took = run_case(entry, case)
        counts[outcome] = counts.get(outcome, 0) + 1
        if outcome == "FAILED" or outcome.startswith(("UNEXPECTED", "LONG")):
            failures.append((outcome, message[:200], repr(case)[:120]))
        elif outcome != "opened" and len(message) > len(longest):
            longest = message
        kind = "opened" if outcome == "opened" else "refused"
        if took > slowest[kind][0]:
            slowest[kind] = (took, case)
    return counts, failures, slowest, longest


def report(all_cases, show=print):
    """Run every entry point; print a table (CPU times: the slowest case of each kind, then the best of
    3 more runs of it, which tells the machine's load from the case; the load average beside); the
    number of failures."""
    bad = 0
    longest = ""
    overall = {"opened": (0.0, "", None), "refused": (0.0, "", None)}
    for entry, inputs in all_cases.items():
        counts, failures, slowest, message = tally(entry, inputs)
        bad += len(failures)
        if len(message) > len(longest):
            longest = message
        kinds = ", ".join("%s %d" % (k, counts[k]) for k in sorted(counts))
        times = []
        for kind in ("refused", "opened"):
            took, case = slowest[kind]
            if case is None:
                continue
            again = min(run_case(entry, case)[2] for _ in range(3))
            times.append("slowest %s %.3f, again %.3f (%s)" % (kind, took, again, repr(case)[:50]))
            if again > overall[kind][0]:
                overall[kind] = (again, entry, case)
        show("%-16s %6d cases: %s; CPU s: %s; load %.1f" % (entry, len(inputs), kinds, "; ".join(times),
                                                             os.getloadavg()[0]))
        for failure in failures[:5]:
            show("    %s: %s <- %s" % failure)
    for kind in ("refused", "opened"):
        took, entry, case = overall[kind]
        show("slowest %s (best of 3 runs): %.3f CPU s, %s %s" % ("refusal" if kind == "refused" else "opening", took,
                                                                 entry, repr(case)[:80]))
    show("longest message (%d characters): %s" % (len(longest), longest[:200]))
    return bad


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=30000, help="cases per entry point (default 30,000)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    bad = report(cases(random.Random(args.seed), args.cases))
    by_entry = {}
    for entry, case in crafted():
        by_entry.setdefault(entry, []).append(case)
    print("crafted cases:")
    bad += report(by_entry)
    if bad:
        print("%d cases failed" % bad)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
