#!/bin/sh
# Regenerates the example diagrams in docs/img/ from a real game in the test fixtures
# (Aeacus - Dumbot, Boardspace 2008).  Run from the repository root: sh docs/img/make-examples.sh
set -e
GAME=tests/data/sgf/DV-Aeacus-Dumbot-2008-10-28-0001.sgf
python -m dvonn_core svg "$GAME" --at 49 --last-move \
    --caption "All 49 pieces placed (I1 was the last); White moves first" -o docs/img/placement-done.svg
python -m dvonn_core svg "$GAME" --at 58 --last-move --highlight D3 \
    --caption "58. B1D3: a stack of 2 moves exactly 2 cells" -o docs/img/midgame.svg
python -m dvonn_core svg "$GAME" --at 63 --last-move --mark-removed \
    --caption "63. C3F3 cuts five stacks off from every DVONN piece" -o docs/img/removal.svg
