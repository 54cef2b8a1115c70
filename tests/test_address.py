"""The bound of a page's address (web/kernel/address.py, issue 56 item 10): the same in the first
script of every page, which drops a longer address unread, and in the message the page shows."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

from kernel import address

PAGE_HEAD = Path(__file__).resolve().parent.parent / "web" / "shared" / "parts" / "page_head.html"


def test_the_guard_of_every_page_and_the_message_share_the_bound() -> None:
    found = re.search(r"const most = (\d+);", PAGE_HEAD.read_text())
    assert found and int(found.group(1)) == address.MAX_ADDRESS
    assert doctest.testmod(address).failed == 0


def test_the_bound_leaves_room_for_every_value_a_page_reads() -> None:
    """A record link (the largest value a game page reads: 64 KB) and an embed's query (64 KB, kernel/embed.py)
    stay under the bound, so that their own messages, which name what is wrong, are the ones shown."""
    from diamonds import persist as diamonds_persist
    from dvonn import persist

    embed = (PAGE_HEAD.parents[2] / "kernel" / "embed.py").read_text()  # (it imports pyscript)
    embed_query = int(re.search(r"MAX_QUERY = (\d+) \* 1024", embed).group(1)) * 1024
    for most in (persist.MAX_INPUT + len("#record="), diamonds_persist.MAX_INPUT + len("#record="), embed_query):
        assert most < address.MAX_ADDRESS
