"""The puzzle pages' logic, whatever the game: the puzzle set as the site serves it, the puzzle of
the day, the player's Glicko-2 rating, the choice of the next puzzle.  No DOM; runs on MicroPython
and CPython alike (``tests/test_puzzles.py``).

The site serves each game's set (``puzzles/<game>.tsv``, written by ``tools/puzzles.py``) as a
compact text built by ``sitebuild/puzzles.py``: one puzzle a line, tab-separated: id, position,
solution (the moves, the defence's replies included), margin (DVONN: the final margin the solution wins by,
exactly; Diamonds & Pivots: how many stones the solution gains over the next best turn), themes
(comma-separated), rating, and the move the player of the source game played there instead (empty when they
found it).

>>> ps = parse("d1.80\\tP\\tE3G3 PASS F1F2\\t5\\tcut-off,endgame\\t1250\\tE3F3\\n")
>>> ps[0]["solution"], ps[0]["themes"], ps[0]["rating"], ps[0]["played"]
(['E3G3', 'PASS', 'F1F2'], ['cut-off', 'endgame'], 1250, 'E3F3')
>>> split_moves("b6 c5>f5 f5>i2 a1 pass")
['b6 c5>f5 f5>i2', 'a1', 'pass']
"""

import math

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import List

#: Glicko-2's system constant (how fast the volatility may change) and the scale factor.
TAU = 0.5
SCALE = 173.7178
#: A new player: lichess's start.
START = {"rating": 1500.0, "rd": 350.0, "vol": 0.06, "streak": 0, "best": 0, "seen": [], "done": {}}
#: A puzzle's own rating deviation (the set's ratings are estimates from the search).
PUZZLE_RD = 150.0
#: The difficulty choices: the puzzle's rating against the player's.
DIFFICULTY = {"easier": -300, "normal": 0, "harder": 300}
#: The puzzles remembered as shown (opened, skipped or tried): the stream shows none of them again while the
#: filter has others.  At least the last 100, as the issue asks.
SEEN = 300
#: The longest saved state that is read (a state remembers SEEN ids of a few characters each):
#: longer is not read, and set aside.
MAX_STATE = 16 * 1024


def split_moves(text):
    """A solution's moves: a Diamonds & Pivots turn is a drop followed by its pivots (``x>y``), so a
    word without ``>`` starts a new move; a DVONN move is one word."""
    out = []  # type: List[str]
    for word in text.split():
        if ">" in word and out:
            out[-1] = out[-1] + " " + word
        else:
            out.append(word)
    return out


def lines(text):
    """The puzzle lines of the compact text (comments and blank lines skipped), not yet parsed: the page
    parses only the puzzle it shows until the stream needs them all."""
    return [line for line in text.split("\n") if line and line[0] != "#"]


def parse_line(line):
    """One puzzle of the compact text, or None for a malformed line."""
    f = line.split("\t")
    if len(f) < 6:
        return None
    try:
        rating = int(f[5])
    except ValueError:
        return None
    return {"id": f[0], "position": f[1], "solution": split_moves(f[2]), "margin": f[3],
            "themes": [t for t in f[4].split(",") if t], "rating": rating, "played": f[6] if len(f) > 6 else ""}


def parse(text):
    """The puzzles of the compact text (comments, blank and malformed lines skipped)."""
    out = []
    for line in lines(text):
        p = parse_line(line)
        if p is not None:
            out.append(p)
    return out


def line_of(puzzle_lines, pid):
    """The line of the puzzle ``pid`` (None if there is none)."""
    head = pid + "\t"
    for line in puzzle_lines:
        if line.startswith(head):
            return line
    return None


def day_number(year, month, day):
    """Days from 1970-01-01 to a date of the proleptic Gregorian calendar.

    >>> day_number(1970, 1, 1), day_number(2026, 11, 28)
    (0, 20785)
    """
    y = year - (1 if month <= 2 else 0)
    era = y // 400
    yoe = y - era * 400
    mp = (month + 9) % 12
    doy = (153 * mp + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def daily(puzzles, year, month, day):
    """The puzzle of the day: the same for everyone on that date (and the same set), with no server.
    Days follow each other through the set by a fixed stride, so no puzzle comes back for years."""
    if not puzzles:
        return None
    n = len(puzzles)
    stride = 7919 % n or 1
    while _gcd(stride, n) != 1:
        stride += 1
    return puzzles[(day_number(year, month, day) * stride) % n]


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def _g(phi):
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def glicko2(player, opponent_rating, opponent_rd, score):
    """The player's (rating, rd, vol) after one game against an opponent (a puzzle): score 1 solved,
    0 failed.  Glicko-2 as Glickman describes it (one game a rating period; the volatility by the
    Illinois algorithm).

    >>> r, rd, vol = glicko2({"rating": 1500.0, "rd": 200.0, "vol": 0.06}, 1400.0, 30.0, 1)
    >>> round(r), round(rd)
    (1564, 175)
    """
    mu = (player["rating"] - 1500.0) / SCALE
    phi = player["rd"] / SCALE
    sigma = player["vol"]
    mu_j = (opponent_rating - 1500.0) / SCALE
    phi_j = opponent_rd / SCALE
    g = _g(phi_j)
    e = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
    v = 1.0 / (g * g * e * (1.0 - e))
    delta = v * g * (score - e)
    a = math.log(sigma * sigma)

    def f(x):
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (TAU * TAU)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    fa, fb = f(big_a), f(big_b)
    for _i in range(100):
        if abs(big_b - big_a) <= 0.000001:
            break
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa = fa / 2.0
        big_b, fb = c, fc
    sigma2 = math.exp(big_a / 2.0)
    phi_star = math.sqrt(phi * phi + sigma2 * sigma2)
    phi2 = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu2 = mu + phi2 * phi2 * g * (score - e)
    return 1500.0 + SCALE * mu2, max(45.0, min(350.0, SCALE * phi2)), sigma2


#: Below this many rated attempts a rating is provisional: Glicko-2 moves it by much more while its deviation is
#: large (a new player's 350 falls to about 200 after five attempts and 140 after ten).
PROVISIONAL_RD = 150.0


def provisional(state):
    """Whether the player's rating is still provisional (its deviation large: few attempts so far)."""
    return state["rd"] > PROVISIONAL_RD


def record_attempt(state, puzzle, solved):
    """The player's state after a first attempt at ``puzzle`` (solved: without a wrong move, the hint
    or the solution): the rating, the streak, the puzzle remembered as seen."""
    out = dict(state)
    r, rd, vol = glicko2(state, puzzle["rating"], PUZZLE_RD, 1 if solved else 0)
    out["rating"], out["rd"], out["vol"] = r, rd, vol
    out["streak"] = state.get("streak", 0) + 1 if solved else 0
    out["best"] = max(state.get("best", 0), out["streak"])
    return shown(out, puzzle["id"])


def shown(state, pid):
    """The player's state with the puzzle ``pid`` remembered as the last one shown."""
    out = dict(state)
    seen = [i for i in state.get("seen", []) if i != pid]
    seen.append(pid)
    out["seen"] = seen[-SEEN:]
    return out


def theme_counts(text):
    """The puzzles of each theme, from the counts the build writes (``cut-off:120,endgame:300``); themes
    without puzzles are left out.

    >>> theme_counts("cut-off:120,pie-rule:0,,endgame:300")
    {'cut-off': 120, 'endgame': 300}
    """
    out = {}
    for item in text.split(","):
        name, _, n = item.partition(":")
        try:
            count = int(n)
        except ValueError:
            continue
        if name and count > 0:
            out[name] = count
    return out


def matches(puzzle, theme):
    return not theme or theme in puzzle["themes"]


def pick(puzzles, state, theme="", difficulty="normal", avoid=""):
    """The next puzzle of the stream: of those with ``theme`` (any if ""), not shown lately (the player's
    ``seen``: opened, skipped or tried), the one whose rating is nearest the player's (moved by
    ``difficulty``); ties by the set's order.  When every one of them was shown, the one shown longest ago.

    >>> ps = parse("".join("x%d\\tP\\tE3G3\\t4\\t\\t1500\\n" % i for i in range(3)))
    >>> state = dict(START)
    >>> ids = []
    >>> for _ in range(5):
    ...     p = pick(ps, state); state = shown(state, p["id"]); ids.append(p["id"])
    >>> ids
    ['x0', 'x1', 'x2', 'x0', 'x1']
    """
    target = state["rating"] + DIFFICULTY.get(difficulty, 0)
    order = {}
    for k, pid in enumerate(state.get("seen", [])):
        order[pid] = k
    best = None
    best_d = None
    fallback = None
    for p in puzzles:
        if p["id"] == avoid or not matches(p, theme):
            continue
        age = order.get(p["id"])
        if age is not None:
            if fallback is None or age < fallback[0]:
                fallback = (age, p)
            continue
        d = abs(p["rating"] - target)
        if best_d is None or d < best_d:
            best, best_d = p, d
    if best is None and fallback is not None:
        best = fallback[1]
    return best


def load_state(text):
    """The player's saved state (JSON text from localStorage), or a new player's; a damaged save
    starts afresh (``(state, damaged)``), whatever it holds (a number too large for an int, JSON nested
    deeper than Python's stack).

    >>> load_state('{"rating": 1500, "rd": 300, "vol": 0.06, "streak": 1e400}')[1], load_state("[" * 9999)[1]
    (True, True)
    """
    from kernel import inputs

    if not text:
        return dict(START), False
    try:
        data = inputs.loads(text, ValueError, "not JSON")
        state = dict(START)
        for key in ("rating", "rd", "vol"):
            value = float(data[key])
            if not (value == value) or value <= 0 or value > 4000:
                raise ValueError(key)
            state[key] = value
        for key in ("streak", "best"):
            state[key] = max(0, int(data.get(key, 0)))
        state["seen"] = [str(i) for i in data.get("seen", [])][-SEEN:]
        return state, False
    except (ValueError, KeyError, TypeError, AttributeError, OverflowError):
        return dict(START), True


def dump_state(state):
    import json

    return json.dumps({"rating": round(state["rating"], 1), "rd": round(state["rd"], 1), "vol": state["vol"],
                       "streak": state["streak"], "best": state["best"], "seen": state["seen"]})
