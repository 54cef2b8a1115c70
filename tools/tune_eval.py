"""Fit the bot's evaluation weights to real games (Texel's method) and print the fit.

Every movement position of the Boardspace games in ``tests/data/boardspace-games.txt``
whose result is known is described by :func:`dvonn_core.dvonn.evaluation.features` and
labelled with the result for the side to move (1 win, 0.5 draw, 0 loss).  A
logistic model ``P(win) = 1 / (1 + exp(-x))`` with ``x`` the evaluation is fitted
by Newton's method (iteratively reweighted least squares, a little L2 penalty),
with one weight per feature for the middle game and one for the end, blended by
the share of the board already cleared (see :mod:`dvonn_core.dvonn.evaluation`).

Every tenth game is held out; the script prints the log loss and accuracy on
those games for the evaluation in force (its scale fitted on the training games)
and for the new weights, and the new weights in hundredths of a piece, ready to
paste into ``dvonn_core/dvonn/evaluation.py``.

    python tools/tune_eval.py                 # the fit, on all games
    python tools/tune_eval.py --games 2000    # quicker, on the first 2000 games
    python tools/tune_eval.py --baseline DIR  # also the fit of another version's bot.evaluate
                                              # (DIR holds its dvonn_core, e.g. a git worktree)

Needs numpy (pinned in requirements-dev.txt; a development tool, not part of the package).
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # the checkout
import numpy as np

from dvonn_core.dvonn import evaluation
from dvonn_core.dvonn.game import Game
from dvonn_core.dvonn.moves import Move

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

DATA = os.path.join(ROOT, "tests", "data", "boardspace-games.txt")


def games(limit: int = 0):
    """(name, list of move codes, result for White 1/0.5/0 or None) per game."""
    out = []
    with open(DATA) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            parts = line.split()
            name, ws, bs = parts[0], int(parts[1]), int(parts[2])
            codes = [Move.parse(t).code for t in parts[3:]]
            out.append((name, codes, ws, bs))
            if limit and len(out) >= limit:
                break
    return out


def positions(game_entry, old_eval=None):
    """(features, t, label for the side to move, evaluation in force, position string) of each
    movement position of a finished game."""
    codes = game_entry[1]  # (name, codes, white score, black score)
    g = Game()
    rows = []
    for c in codes:
        if g.placed == 49 and len(g.legal_codes()) > 1:
            f = evaluation.features(g)
            t = evaluation.phase(bin(g.occupied).count("1"))
            rows.append((f, t, g.turn, old_eval(g) if old_eval else 0, g.position()))
        g.push(c)
    if g.legal_codes():
        return []  # the game stopped before its end (a resignation): result unsure
    w, b = g.score()
    res_white = 1.0 if w > b else (0.0 if w < b else 0.5)
    return [(f, t, res_white if turn == 0 else 1.0 - res_white, o, p) for f, t, turn, o, p in rows]


BASELINE = """
import sys
sys.path.insert(0, sys.argv[1])
from dvonn_core import Game, bot  # names every version of the package has
for line in sys.stdin:
    print(bot.evaluate(Game.from_position(line.strip())))
"""


def baseline_evals(directory, rows):
    """bot.evaluate of the dvonn_core in ``directory`` for each row's position (another process)."""
    import subprocess

    text = "\n".join(r[4] for r in rows) + "\n"
    out = subprocess.run([sys.executable, "-I", "-c", BASELINE, os.path.abspath(directory)], input=text,
                         capture_output=True, text=True, check=True)
    return np.array([float(v) for v in out.stdout.split()])


def design(rows):
    f = np.array([r[0] for r in rows], dtype=float)
    t = np.array([r[1] for r in rows], dtype=float)[:, None]
    y = np.array([r[2] for r in rows], dtype=float)
    old = np.array([r[3] for r in rows], dtype=float)
    return np.hstack([f * (1 - t), f * t]), y, old


def fit_logistic(x, y, l2=1e-3, iters=30):
    w = np.zeros(x.shape[1])
    n = len(y)
    for _ in range(iters):
        p = 1 / (1 + np.exp(-x @ w))
        g = x.T @ (p - y) / n + l2 * w
        h = (x * (p * (1 - p))[:, None]).T @ x / n + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(h, g)
        w -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    return w


def loss(p, y):
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def accuracy(p, y):
    decided = y != 0.5
    return float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=0, help="use only the first N games (default: all)")
    ap.add_argument("--l2", type=float, default=1e-4)
    ap.add_argument("--baseline", metavar="DIR", help="also fit the evaluation of the dvonn_core in DIR")
    args = ap.parse_args()
    t0 = time.time()
    from dvonn_core.dvonn import bot

    old_eval = getattr(bot, "evaluate", None)
    train, test = [], []
    all_games = games(args.games)
    used = 0
    for k, entry in enumerate(all_games):
        rows = positions(entry, old_eval)
        if rows:
            used += 1
        (test if k % 10 == 0 else train).extend(rows)
    print("games %d, finished %d; positions: %d training, %d held out (%.0f s)"
          % (len(all_games), used, len(train), len(test), time.time() - t0))
    xtr, ytr, otr = design(train)
    xte, yte, ote = design(test)
    # The evaluation in force: fit only its scale.
    k_old = fit_logistic(otr[:, None], ytr, l2=0)[0]
    p_old = 1 / (1 + np.exp(-ote * k_old))
    print("in force: held-out log loss %.4f, accuracy %.3f (scale %.5f per centi-piece)"
          % (loss(p_old, yte), accuracy(p_old, yte), k_old))
    if args.baseline:
        sample = train[::5]
        k_base = fit_logistic(baseline_evals(args.baseline, sample)[:, None], np.array([r[2] for r in sample]), l2=0)[0]
        p_base = 1 / (1 + np.exp(-baseline_evals(args.baseline, test) * k_base))
        print(
            "baseline: held-out log loss %.4f, accuracy %.3f (%s)"
            % (loss(p_base, yte), accuracy(p_base, yte), args.baseline)
        )
    w = fit_logistic(xtr, ytr, l2=args.l2)
    p_new = 1 / (1 + np.exp(-xte @ w))
    p_tr = 1 / (1 + np.exp(-xtr @ w))
    print(
        "fitted:   held-out log loss %.4f, accuracy %.3f (training %.4f)"
        % (loss(p_new, yte), accuracy(p_new, yte), loss(p_tr, ytr))
    )
    n = evaluation.N_FEATURES
    scale = 100.0 / w[n + 0] if w[n + 0] > 0 else 1.0 / k_old
    mid = [round(v * scale) for v in w[:n]]
    end = [round(v * scale) for v in w[n:]]
    for name, a, b in zip(evaluation.NAMES, mid, end, strict=True):
        print("  %-14s mid %6d  end %6d" % (name, a, b))
    print("MID = %r" % mid)
    print("END = %r" % end)
    print("(one logit = %.0f centi-pieces)" % scale)


if __name__ == "__main__":
    main()
