"""Work a page's start can leave until it is ready: listeners wired, boxes filled (issue 45).

Runs on MicroPython on the main thread.  Each call from MicroPython into the browser costs the
page's start time; a page wires some forty listeners, most of them on controls nobody touches in
the first second.  :func:`listen` and :func:`later` queue such work; it runs in the first task
after the page's start script (which ends once the page is ready), or earlier, the moment the
reader does anything: a capturing listener on the window for every kind of input runs the queue
before the event reaches its target, so no click, key or paste can find a control not yet wired.
(A listener added to the target while the event is on its way there still hears that event.)
"""

import js
from pyscript.ffi import create_proxy

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (which MicroPython lacks)
if TYPE_CHECKING:
    from typing import Callable, List

#: The input events that run the queue first (captured on the window, before any other listener).
INPUT = ("pointerdown", "mousedown", "touchstart", "click", "keydown", "input", "change", "paste",
         "submit", "focusin", "dragover", "drop")

# The capturing listeners, on the JavaScript side: two calls from MicroPython, not two dozen.  They
# remove themselves when they first fire (an input, or the timer), then call ``run``.
_ARM = js.Function("run", """
const kinds = %s;
const once = (event) => { for (const kind of kinds) window.removeEventListener(kind, once, true); run(event); };
for (const kind of kinds) window.addEventListener(kind, once, true);
setTimeout(once, 0);
""" % str(list(INPUT)).replace("'", '"'))
_queue = []  # type: List[Callable[[], None]]
_state = {"armed": False, "run": None}


def run(event=None):
    """Run the queued work now (what it queues meanwhile runs too)."""
    _state["armed"] = False
    while _queue:
        _queue.pop(0)()


def later(work):
    """Run ``work()`` once the page is ready (or at the reader's first input, if sooner)."""
    _queue.append(work)
    if not _state["armed"]:
        _state["armed"] = True
        if _state["run"] is None:
            _state["run"] = create_proxy(run)
        _ARM(_state["run"])


def listen(element, kind, handler):
    """``element.addEventListener(kind, handler)``, done once the page is ready (or at the first input)."""
    later(lambda: element.addEventListener(kind, create_proxy(handler)))


def listen_to(testid, kind, handler):
    """The same for the element ``[data-testid=testid]``, looked up then too."""
    def wire():
        js.document.querySelector('[data-testid="%s"]' % testid).addEventListener(kind, create_proxy(handler))
    later(wire)
