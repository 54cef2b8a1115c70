"""The site's messages (locale/, sitebuild/i18n.py, web/kernel/i18n.py): every message translated in
every language with its placeholders kept, the catalogs up to date with the templates and the Python,
and the pages' ``_``/``ngettext`` the same on MicroPython as on CPython."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from sitebuild import i18n
from test_micropython import run_cpython, run_micropython

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]


def catalog(code: str):  # type: ignore[no-untyped-def]
    with i18n.po_path(code).open("rb") as f:
        return read_po(f, locale=code)


def extracted() -> set[object]:
    import messages  # tools/messages.py

    return {m.id for m in messages.extract() if m.id}


@pytest.fixture(scope="module")
def site_messages() -> set[object]:
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    return extracted()


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_is_translated_with_its_placeholders(code: str, site_messages: set[object]) -> None:
    po = catalog(code)
    entries = {m.id: m for m in po if m.id}
    missing = [m for m in site_messages if m not in entries]
    assert not missing, f"{code}: not in the catalog (run tools/messages.py update): {missing[:3]}"
    wrong = []
    for message in site_messages:
        entry = entries[message]
        if entry.fuzzy:
            wrong.append((message, "marked fuzzy"))
            continue
        ids = [message] if isinstance(message, str) else list(message)
        forms = [entry.string] if isinstance(entry.string, str) else list(entry.string)
        for i, form in enumerate(forms):
            wrong += [(message, problem) for problem in i18n.problems(ids[min(i, len(ids) - 1)], form)]
    # Babel's own checks (python-format placeholders, the number of plural forms).
    wrong += [(m.id, str(error)) for m, errors in po.check() for error in errors]
    assert not wrong, f"{code}: {len(wrong)} messages: " + "; ".join(f"{m!r}: {p}" for m, p in wrong[:5])


@pytest.mark.parametrize("code", LANGUAGES)
def test_catalog_holds_no_stale_messages(code: str, site_messages: set[object]) -> None:
    stale = [m.id for m in catalog(code) if m.id and m.id not in site_messages]
    assert not stale, f"{code}: messages no page has any more (run tools/messages.py update): {stale[:3]}"


def test_the_template_catalog_is_up_to_date(site_messages: set[object]) -> None:
    with (i18n.LOCALE / f"{i18n.DOMAIN}.pot").open("rb") as f:
        template = {m.id for m in read_po(f) if m.id}
    assert template == site_messages, "run tools/messages.py update"


def test_the_check_finds_what_a_translation_lost() -> None:
    message = 'See the <a href="./{{guide_link}}">guide</a>: <code>E3H3</code>, %(n)d pieces.'
    assert i18n.problems(message, 'Siehe die <a href="./{{guide_link}}">Anleitung</a>: <code>E3H3</code>, '
                                  "%(n)d Steine.") == []
    for broken in ('Siehe die Anleitung: <code>E3H3</code>, %(n)d Steine.',  # the link lost
                   'Siehe die <a href="./{{guide}}">Anleitung</a>: <code>E3H3</code>, %(n)d Steine.',
                   'Siehe die <a href="./{{guide_link}}">Anleitung</a>: <code>E3-H3</code>, %(n)d Steine.',
                   'Siehe die <a href="./{{guide_link}}">Anleitung</a>: <code>E3H3</code>, %d Steine.', ""):
        assert i18n.problems(message, broken), broken


def test_plural_rules_of_the_catalogs_are_known_to_the_pages() -> None:
    from kernel import i18n as page_i18n

    for code in LANGUAGES:
        rule = page_i18n.plural_rule(catalog(code).plural_expr)
        assert [rule(n) for n in (0, 1, 2)] == ([0, 0, 1] if code == "fr" else [1, 0, 1]), code


def test_the_pages_know_the_site_languages() -> None:
    from kernel import i18n as page_i18n

    assert tuple(i18n.LANGUAGES) == page_i18n.LANGUAGES


def test_page_i18n_examples() -> None:
    from kernel import i18n as page_i18n

    result = doctest.testmod(page_i18n)
    assert result.attempted > 5 and result.failed == 0


def fake_catalogs() -> dict[str, str]:
    """Each language's page catalog as page_messages writes it, for messages of one module."""
    module = ROOT / "web" / "kernel" / "i18n.py"
    where = {"Reset", "%(white)d to %(black)d", "%d stone"}
    words = {"de": ("Zurücksetzen", "%(white)d zu %(black)d", ["%d Stein", "%d Steine"]),
             "fr": ("Recommencer", "%(white)d à %(black)d", ["%d pierre", "%d pierres"]),
             "nl": ("Opnieuw", "%(white)d tegen %(black)d", ["%d steen", "%d stenen"])}
    out = {}
    for code, (reset, score, stones) in words.items():
        messages = i18n.Messages(code, catalog(code).plural_expr,
                                 texts={"Reset": reset, "%(white)d to %(black)d": score},
                                 forms={("%d stone", "%d stones"): stones},
                                 files={m: {"web/kernel/i18n.py"} for m in where})
        element = i18n.page_messages(messages, [module])
        assert element.startswith('<script type="application/json" id="dvonn-messages">')
        assert i18n.page_messages(messages, [ROOT / "web" / "kernel" / "url.py"]) == ""  # another page's
        # The library's messages (the Diamonds answers) are drawn in at build time: not in the page's block.
        answers = ROOT / "dvonn_core" / "diamonds" / "__init__.py"
        library = i18n.Messages(code, texts={"Repetition": "x"},
                                files={"Repetition": {"dvonn_core/diamonds/__init__.py"}})
        assert i18n.page_messages(library, [answers]) == ""
        out[code] = element.split(">", 1)[1].rsplit("</script>", 1)[0]
    return out


def test_page_messages_on_micropython_as_on_cpython(tmp_path: Path) -> None:
    """kernel/i18n.py reads the catalogs the build writes into pages, and gives the same texts and
    plural forms on the page's MicroPython as on CPython (French: 0 and 1 singular)."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "messages.json").write_text(json.dumps(fake_catalogs()))
    check = ROOT / "tests" / "micropython" / "check_i18n.py"
    expected = run_cpython(tmp_path, check, [data / "messages.json"]).splitlines()
    assert run_micropython(check, [data / "messages.json"]).splitlines() == expected
    assert expected[0] == "none Reset 1 piece 0 pieces"
    assert "fr Recommencer not in the catalog 0 pierre|1 pierre|2 pierres|21 pierres" in expected
    assert "de Zurücksetzen not in the catalog 0 Steine|1 Stein|2 Steine|21 Steine" in expected
    assert "nl 3-4 3 tegen 4" in expected
    assert expected[-4:] == ["error the page's messages are not a catalog (see kernel/i18n.py)"] * 2 + [
        "error no plural rule for 'n%10==1' in kernel/i18n.py (known: n != 1, n > 1)", "done"]


PAGE_CATALOG_CHECK = """
import json, js
from kernel import i18n
from kernel.i18n import _, ngettext
with open("/data/messages.json") as f:
    pages = json.load(f)
pages["xx"] = '{"messages": []}'
pages["yy"] = 'not json'
for code in sorted(pages):
    # A page as the build writes it: its catalog in <script id="dvonn-messages">, its language on <html>.
    js.globalThis.pageCatalog = pages[code]
    js.eval("globalThis.document = {defaultView: globalThis, documentElement: {lang: '%s'}, "
            "getElementById: (id) => id === 'dvonn-messages' ? {textContent: globalThis.pageCatalog} : null}" % code)
    i18n.install(None)
    try:
        counts = [ngettext("%d stone", "%d stones", n) % n for n in (0, 1, 2, 21)]
    except ValueError as e:
        print(code, "error", e)
        continue
    score = {"white": 3, "black": 4}
    print(code, _("Reset"), _("Reset"), _("not in the catalog"), "|".join(counts), _("%(white)d to %(black)d") % score,
          i18n.decimal(5.94), type(i18n._current()).__name__)
print("done")
"""


def test_a_pages_catalog_is_read_in_javascript_with_the_same_answers(tmp_path: Path) -> None:
    """On a page, kernel/i18n.py leaves the catalog in JavaScript (parsed there, each message fetched once,
    issue 45) and gives the texts and plural forms that reading it in Python gives; what is not a catalog is
    refused with the same message."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "messages.json").write_text(json.dumps(fake_catalogs()))
    check = tmp_path / "check_page_catalog.py"
    check.write_text(PAGE_CATALOG_CHECK)
    from kernel import i18n as page_i18n

    expected = []
    for code, text in sorted(fake_catalogs().items()):  # the same catalogs read in Python (CPython)
        page_i18n.load(text)
        page_i18n.install(page_i18n._messages, json.loads(text)["plural"], code)
        _, ngettext = page_i18n._, page_i18n.ngettext
        counts = "|".join(ngettext("%d stone", "%d stones", n) % n for n in (0, 1, 2, 21))
        expected.append(" ".join((code, _("Reset"), _("Reset"), _("not in the catalog"), counts,
                                  _("%(white)d to %(black)d") % {"white": 3, "black": 4}, page_i18n.decimal(5.94),
                                  "PageMessages")))
    page_i18n.install(None)
    assert expected[0].startswith("de Zurücksetzen Zurücksetzen not in the catalog 0 Steine|1 Stein|2 Steine|21 Steine")
    expected += ["xx error the page's messages are not a catalog (see kernel/i18n.py)",
                 "yy error the page's messages are not a catalog (see kernel/i18n.py)", "done"]
    assert run_micropython(check, [data / "messages.json"]).splitlines() == expected
