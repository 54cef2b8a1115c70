# Portable check of web/kernel/i18n.py (the pages' _ and ngettext): tests/test_messages.py runs it
# under CPython and under MicroPython (WebAssembly, in Node) and requires identical output.
import json

try:
    DATA = DATA_DIR  # set by the CPython runner
except NameError:
    DATA = "/data"

from kernel import i18n
from kernel.i18n import _, ngettext

# 1. No catalog (no page, no js module): English, with English plurals.
print("none", _("Reset"), ngettext("%d piece", "%d pieces", 1) % 1, ngettext("%d piece", "%d pieces", 0) % 0)

# 2. Each language's catalog as the build writes it into a page (messages.json: language -> JSON text).
with open(DATA + "/messages.json") as f:
    pages = json.load(f)
for code in sorted(pages):
    i18n.load(pages[code])
    counts = [ngettext("%d stone", "%d stones", n) % n for n in (0, 1, 2, 21)]
    print(code, _("Reset"), _("not in the catalog"), "|".join(counts))
    score = {"white": 3, "black": 4}
    print(code, "%(white)d-%(black)d" % score, _("%(white)d to %(black)d") % score)

# 3. Bad catalogs and rules are refused with a message.
for bad in ('{"messages": []}', "[1]", '{"plural": "n%10==1", "messages": {}}'):
    try:
        i18n.load(bad)
        print("no error for", bad)
    except ValueError as e:
        print("error", e)
i18n.install(None)
print("done")
