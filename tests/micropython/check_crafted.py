# The crafted inputs of issue 44 (benchmarks/pages/fuzz_pages.py: crafted(), written to /data/crafted.json by
# tests/test_micropython.py) through the pages' parsers, on CPython and on the page's MicroPython: one
# line per case (its entry point, what it raised or "opened", the message), the same on both; then, on
# lines starting with "time", the slowest case in milliseconds (not compared).
# DATA_DIR is set by the CPython runner; on MicroPython the data files are in /data.
try:
    DATA_DIR  # noqa: B018
except NameError:
    DATA_DIR = "/data"

import json
import time

from diamonds import embed_params as diamonds_embed
from diamonds import persist as diamonds_persist
from diamonds.session import Session as DiamondsSession
from dvonn import embed_params as dvonn_embed
from dvonn import persist as dvonn_persist
from dvonn.session import Session as DvonnSession
from kernel import link_format
from kernel.url import parse_query

PERSIST = {"dvonn": dvonn_persist, "diamonds": diamonds_persist}
SESSIONS = {"dvonn": DvonnSession, "diamonds": DiamondsSession}
EMBEDS = {"dvonn": dvonn_embed, "diamonds": diamonds_embed}


def ms():
    try:
        return time.ticks_ms()
    except AttributeError:
        return int(time.time() * 1000)


def link_read(name, value):
    persist = PERSIST[name]
    return link_format.read(value, name, persist.SAVES.start, persist.LINK_CODEC, None,
                            getattr(persist, "OPTIONS", None))


def link_adopt(name, value):
    link, game = link_read(name, value)
    session = SESSIONS[name]()
    players = {link.to_move: "human", "white" if link.to_move == "black" else "black": "remote"}
    session.adopt(game, players=players, level=session.level, base=link.base, seed=link.seed, **link.options)
    PERSIST[name].restore(SESSIONS[name](), PERSIST[name].dumps(session))


def embed_parse(name, query):
    EMBEDS[name].parse(parse_query(query))


def save_load(name, text):
    PERSIST[name].load(text)


def save_restore(name, text):
    session = SESSIONS[name]()
    PERSIST[name].restore(session, text)


def record_import(name, text):
    PERSIST[name].read_import(text, "the pasted record")


ENTRY = {"link read": link_read, "link adopt": link_adopt, "embed dvonn": embed_parse,
         "embed diamonds": embed_parse, "save load": save_load, "save restore": save_restore,
         "import dvonn": record_import, "import diamonds": record_import}

with open(DATA_DIR + "/crafted.json") as f:
    cases = json.loads(f.read())
slowest = {"opened": (0, ""), "refused": (0, "")}
for i in range(len(cases)):
    entry, name, text = cases[i]
    took = None
    for _run in range(3):  # the best of three: the machine's load is not the case's
        t0 = ms()
        try:
            ENTRY[entry](name, text)
            outcome, message = "opened", ""
        except ValueError as error:
            outcome, message = type(error).__name__, str(error)
        except Exception as error:  # noqa: BLE001 - what the check looks for
            outcome, message = "UNEXPECTED " + type(error).__name__, str(error)[:200]
        t = ms() - t0
        took = t if took is None or t < took else took
    if entry.startswith("save") and text[:2] == "[[" and outcome == "SavedGameError":
        # JSON nested 2,000 deep: CPython's parser recurses and gives up (not valid JSON), MicroPython's
        # reads it and the save's checks refuse it: refused on both, in other words.
        message = "(nested too deep)"
    kind = "opened" if outcome == "opened" else "refused"
    if took > slowest[kind][0]:
        slowest[kind] = (took, "%s %d" % (entry, i))
    print(entry, i, outcome, len(message), message)
print("time slowest refusal %d ms (%s), slowest opening %d ms (%s), best of 3 runs each"
      % (slowest["refused"] + slowest["opened"]))
print("done")
