"""What CPython has and MicroPython lacks, with a stand-in that gives the same numbers.

The bots run in Pyodide (CPython) in the page's worker, but the rules library is also imported on
MicroPython, which has neither ``time.perf_counter`` nor ``int.bit_count``.

>>> popcount(0b1011)
3
>>> popcount_portable(0b1011)
3
>>> now() <= now()
True
"""

import time


def popcount_portable(x: int) -> int:
    """The number of set bits of a non-negative ``x`` (MicroPython's way)."""
    return bin(x).count("1")


# int.bit_count (CPython 3.10+, Pyodide) is ten times faster than counting the digits of bin() in
# Pyodide; MicroPython has only the latter.  Both give the same numbers.
popcount = getattr(int, "bit_count", popcount_portable)

#: Seconds from an arbitrary start: time.perf_counter, or time.time (milliseconds apart) on MicroPython.
now = getattr(time, "perf_counter", time.time)
