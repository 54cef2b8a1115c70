"""The old path of :mod:`dvonn_core.dvonn.setup`, kept so that code written for it still runs."""
from .dvonn.setup import *  # noqa: F403
