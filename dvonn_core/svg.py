"""The old path of :mod:`dvonn_core.dvonn.svg`, kept so that code written for it still runs."""
from .dvonn.svg import *  # noqa: F403
