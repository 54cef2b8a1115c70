"""The old path of :mod:`dvonn_core.dvonn.board`, kept so that code written for it still runs."""
from .dvonn.board import *  # noqa: F403
