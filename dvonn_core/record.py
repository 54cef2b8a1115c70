"""The old path of :mod:`dvonn_core.dvonn.record`, kept so that code written for it still runs."""
from .dvonn.record import *  # noqa: F403
