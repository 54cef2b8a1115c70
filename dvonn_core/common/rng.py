"""A small seeded random generator that gives the same numbers on CPython and MicroPython.

MicroPython has no ``random.Random``; this xorshift32 generator needs only
integer arithmetic, so a seed reproduces the same games everywhere.

>>> Rng(7).below(1000) == Rng(7).below(1000)
True
"""

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import MutableSequence, Sequence, TypeVar

    T = TypeVar("T")

MASK = 0xFFFFFFFF


class Rng:
    """xorshift32 seeded from any integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        s = (seed * 2654435761 + 0x9E3779B9) & MASK
        self.state = s or 0x6D2B79F5
        for _ in range(4):
            self.next()

    def next(self) -> int:
        """The next 32-bit value."""
        x = self.state
        x ^= (x << 13) & MASK
        x ^= x >> 17
        x ^= (x << 5) & MASK
        self.state = x
        return x

    def below(self, n: int) -> int:
        """A number in range(n) (n >= 1)."""
        return self.next() % n

    def choice(self, items: "Sequence[T]") -> "T":
        """One item of a non-empty sequence."""
        return items[self.next() % len(items)]

    def shuffle(self, items: "MutableSequence[T]") -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next() % (i + 1)
            items[i], items[j] = items[j], items[i]
