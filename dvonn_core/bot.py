"""The old path of :mod:`dvonn_core.dvonn.bot`, kept so that code written for it still runs."""
from .dvonn.bot import *  # noqa: F403
