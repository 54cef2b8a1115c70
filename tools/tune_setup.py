"""Fit the placement evaluation to real games and print the fit (Texel's method, as tools/tune_eval.py).

The finished set-up (the board after the 49th placement) of every Boardspace game in
``tests/data/boardspace-games.txt`` is described by :func:`dvonn_core.dvonn.placement.features`
and labelled with White's result (1 win, 0.5 draw, 0 loss).  A logistic model with an
intercept (White moves first) is fitted by Newton's method.  Every tenth game is held
out; the script prints the held-out log loss and accuracy of:

* the placement rule the bot used before (``bot.rule_score`` of every piece, summed
  for each side on the finished board), its scale fitted on the training games;
* the movement evaluation (``bot.evaluate`` of the finished board, White to move);
* the weights in force in ``dvonn_core/dvonn/placement.py``;
* the newly fitted weights, printed in thousandths of a logit, ready to paste.

    python tools/tune_setup.py

Needs numpy (pinned in requirements-dev.txt; a development tool, not part of the package).
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # the checkout
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # tools/, for tune_eval
import numpy as np

from dvonn_core.dvonn import bot, placement
from dvonn_core.dvonn.board import SIZE
from dvonn_core.dvonn.game import Game
from tune_eval import accuracy, fit_logistic, games, loss


def rule_value(cells):
    """The placement rule (bot.rule_score) summed over each side's pieces on a finished board."""
    dvonns = [j for j in range(SIZE) if cells[j] == "d"]
    total = 0
    for i in range(SIZE):
        me = cells[i]
        if me == "w":
            total += bot.rule_score(cells, i, me, dvonns)
        elif me == "b":
            total -= bot.rule_score(cells, i, me, dvonns)
    return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--l2", type=float, default=1e-3)
    args = ap.parse_args()
    rows = []
    for k, (_name, codes, ws, bs) in enumerate(games()):
        g = Game()
        for c in codes[:SIZE]:
            g.push(c)
        result = 1.0 if ws > bs else (0.0 if ws < bs else 0.5)
        cells = list(g.cells)
        rows.append((k, placement.features(cells), rule_value(cells), bot.evaluate(g), result))
    train = [r for r in rows if r[0] % 10]
    test = [r for r in rows if r[0] % 10 == 0]
    print("set-ups: %d training, %d held out (every tenth game)" % (len(train), len(test)))

    def report(label, column):
        xtr = np.array([[1.0, column(r)] for r in train])
        xte = np.array([[1.0, column(r)] for r in test])
        ytr = np.array([r[4] for r in train])
        yte = np.array([r[4] for r in test])
        w = fit_logistic(xtr, ytr, l2=1e-9)
        p = 1 / (1 + np.exp(-xte @ w))
        print("%-34s held-out log loss %.4f, accuracy %.3f" % (label, loss(p, yte), accuracy(p, yte)))

    report("constant (White's share of wins):", lambda r: 0.0)
    report("placement rule (summed):", lambda r: r[2])
    report("movement evaluation:", lambda r: r[3])
    if any(placement.WEIGHTS):
        report(
            "placement weights in force:", lambda r: sum(w * f for w, f in zip(placement.WEIGHTS, r[1], strict=True))
        )
    xtr = np.array([[1.0] + r[1] for r in train])
    xte = np.array([[1.0] + r[1] for r in test])
    ytr = np.array([r[4] for r in train])
    yte = np.array([r[4] for r in test])
    w = fit_logistic(xtr, ytr, l2=args.l2)
    p = 1 / (1 + np.exp(-xte @ w))
    ptr = 1 / (1 + np.exp(-xtr @ w))
    print("%-34s held-out log loss %.4f, accuracy %.3f (training %.4f)"
          % ("fitted now:", loss(p, yte), accuracy(p, yte), loss(ptr, ytr)))
    weights = [round(v * 1000) for v in w[1:]]
    print("intercept (White moves first): %.3f logit" % w[0])
    for name, v in zip(placement.NAMES, weights, strict=True):
        print("  %-22s %5d" % (name, v))
    print("WEIGHTS = %r" % weights)


if __name__ == "__main__":
    main()
