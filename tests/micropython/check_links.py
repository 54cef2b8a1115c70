# Game links (web/kernel/link_format.py) on CPython and on MicroPython: each line of /data/links.txt
# read, or refused with its message (in English, then in German when /data/messages.json holds
# the German catalog); then games packed here, unpacked and replayed.
# DATA_DIR is set by the CPython runner; on MicroPython the data files are in /data.
try:
    DATA_DIR  # noqa: B018
except NameError:
    DATA_DIR = "/data"

from diamonds import persist as diamonds_persist
from dvonn import persist as dvonn_persist
from kernel import link_format

STARTS = {"dvonn": dvonn_persist.SAVES.start, "diamonds": diamonds_persist.SAVES.start}
CODECS = {"dvonn": dvonn_persist.LINK_CODEC, "diamonds": diamonds_persist.LINK_CODEC}

with open(DATA_DIR + "/links.txt") as f:
    values = f.read().split("\n")
for value in values[:-1]:
    try:
        link, game = link_format.read(value, "dvonn", STARTS["dvonn"], CODECS["dvonn"])
        print("read", link.game, link.id, link.to_move, len(link.moves), "moves", game.position())
    except link_format.LinkError as error:
        print("refused", str(error))

# The refusals again in German, with the catalog the build writes into de/index.html (if given).
try:
    with open(DATA_DIR + "/messages.json") as f:
        catalog = f.read()
except OSError:
    catalog = None
if catalog is not None:
    from kernel import i18n

    i18n.load(catalog)
    for value in values[:-1]:
        try:
            link_format.read(value, "dvonn", STARTS["dvonn"], CODECS["dvonn"])
        except link_format.LinkError as error:
            print("refused in German", str(error))
    i18n.install(None)

GAMES = [("dvonn", ["F3", "C3", "I3", "E3", "A1"]), ("dvonn", []),
         ("diamonds", ["e1", "e9", "c7", "b9", "c3", "d3", "d2", "e5", "b5", "f2", "g3", "b7", "f1", "e2", "e3",
                       "a7", "f3", "a8", "g2", "b6 b6>e3 d3/f2>a6 d3>g3", "e2 e2>b5"]),
         ("diamonds", ["e1", "swap"])]
for name, moves in GAMES:
    game = STARTS[name](None)
    for move in moves:
        game.play(move)
    game.tags["White"] = "Ann \u00e9"
    link = link_format.of_game(name, "abcdefgh", game, len(moves) // 2, 12345, {"random_setup": True, "n": 3})
    for coder in (None, link_format.Coder(CODECS[name], STARTS[name])):
        value = link_format.pack(link, coder)
        back, replayed = link_format.read(value, name, STARTS[name], CODECS[name])
        back.coded = None
        print("round trip", name, len(moves), coder is not None, back == link, replayed.position() == game.position())
        if coder is not None:  # the numbered moves are the same bytes on both Pythons (deflate's are not)
            print("numbered", name, link_format.unpack(value).coded)
print("done")
