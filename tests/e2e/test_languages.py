"""The site in its four languages (sitebuild/i18n.py) in Debian chromium: every translated page in every
language lays out without text spilling out of its box or a control wrapping out of its row, on a
phone and a desktop, with no axe violation; a German-preferring browser is sent from the root to
de/ before any English is drawn; the picker's choice is remembered; an embed follows its lang=;
the game pages work from their language's folder, offline too."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import build
from sitebuild.i18n import LANGUAGES

from .axe import summary, violations
from .doc_helpers import Watch, check_requests

#: The translated pages: the rules pages, the embeds, the two game pages and the editors.
GAME_PAGES = ("index.html", "diamonds.html")
#: The board editors (issue 40), here on a position that cannot be played, so its reason is laid out too.
EDITOR_PAGES = ("editor.html", "diamonds-editor.html")
PAGES = ("rules.html", "diamonds-rules.html", "embed.html", "diamonds-embed.html", *GAME_PAGES, *EDITOR_PAGES)
QUERY = {"embed.html": "?position=9-3D6-4bwW2B3-3DWBD3-9.w",
         "diamonds-embed.html": "?position=5-2bb2-2b4-8-4w4-3w4-7-1w4-5.b",
         "editor.html": "#position=W8-3D6-4bwW2B3-3DWBD3-9.w",
         "diamonds-editor.html": "#position=5-6-7-8-3wb4-8-7-6-5.ws"}
SIZES = ({"width": 390, "height": 844}, {"width": 1280, "height": 800})

# Text that does not fit: an element whose content is wider than its box (that does not scroll), the
# page wider than the window, and a control of a row (the header, a nav, a board's bar) that wraps onto
# a second line or reaches out of its row.
OVERFLOW = """() => {
  const found = [], seen = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const name = (el) => el.tagName.toLowerCase() + (el.dataset.testid ? "[" + el.dataset.testid + "]" : "")
    + (el.className && typeof el.className === "string" ? "." + el.className.split(" ")[0] : "")
    + ": " + (el.textContent || "").trim().slice(0, 40);
  if (document.documentElement.scrollWidth > innerWidth + 1) found.push("the page is wider than the window");
  for (const el of document.querySelectorAll("h1, h2, p, li, dt, dd, a, button, label, nav, header, figure, main")) {
    // (skipped: what is not shown, and text hidden for screen readers only, clipped to 1 px)
    if (!seen(el) || el.closest(".visually-hidden, svg") || getComputedStyle(el).clip !== "auto") continue;
    const overflow = getComputedStyle(el).overflowX;
    if (overflow !== "auto" && overflow !== "scroll" && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 1)
      found.push("overflows its box (" + el.scrollWidth + " > " + el.clientWidth + "): " + name(el));
  }
  for (const el of document.querySelectorAll("header a, header button, nav a, .dv-bar button, .dv-bar a")) {
    if (!seen(el) || el.closest(".visually-hidden")) continue;
    if (el.getClientRects().length > 1) found.push("wraps onto two lines: " + name(el));
    const row = el.closest(".dv-bar, nav, header").getBoundingClientRect(), box = el.getBoundingClientRect();
    if (box.left < row.left - 1 || box.right > row.right + 1 || box.right > innerWidth + 1)
      found.push("out of its row: " + name(el));
  }
  return found;
}"""
# Lay out every board, also those out of view (content-visibility: auto skips them), so all are checked.
ALL_IN_VIEW = "figure.example { content-visibility: visible !important; }"


def address(language: str, page: str) -> str:
    return ("" if language == "en" else f"{language}/") + page


@pytest.fixture(scope="module")
def axe_context(browser: Any) -> Iterator[Any]:  # type: ignore[no-untyped-def]
    """One context for the layout and axe checks: axe is injected as an inline script, which the
    pages' CSP forbids, so this context bypasses it (the other tests here keep it)."""
    context = browser.new_context(bypass_csp=True)
    yield context
    context.close()


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_page_lays_out_in_every_language_without_axe_violations(axe_context: Any, base_url: str, language: str,
                                                                 name: str) -> None:
    page = axe_context.new_page()
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    try:
        watch = Watch(page, base_url)
        watch.open(address(language, name) + QUERY.get(name, ""))
        assert page.evaluate("document.documentElement.lang") == language
        page.add_style_tag(content=ALL_IN_VIEW)
        for size in SIZES:
            page.set_viewport_size(size)
            page.wait_for_timeout(100)
            problems = page.evaluate(OVERFLOW)
            assert not problems, f"{language}/{name} at {size['width']}x{size['height']}: {problems}"
            found = violations(page)
            assert not found, f"{language}/{name} at {size['width']}x{size['height']}: {summary(found)}"
        if name in GAME_PAGES:  # a game page loads its bot in Pyodide: the rest of the watch's checks
            check_requests(base_url, watch.requests)
            assert not watch.errors, f"{language}/{name}: errors on the page: {watch.errors}"
        else:
            watch.check()
        assert not failed, f"{language}/{name}: {failed}"
    finally:
        page.close()


def test_a_language_folder_uses_the_root_files(site: Path) -> None:
    """Each language's pages hold no copy of the runtime, packs or styles: every local address of theirs
    (attributes, the PyScript configs) is a page of their folder or a file of the root that exists."""
    names = {p.name for p in build.PAGES if len(p.languages) > 1}  # (other tests add pages of their own to the root)
    for language in LANGUAGES:
        if language == "en":
            continue
        folder = site / language
        assert {p.name for p in folder.iterdir()} == names, language
        for page in folder.glob("*.html"):
            text = page.read_text()
            for target in re.findall(r'\s(?:href|src|data-[\w-]+)="(\.\.?/[^"]*)"', text):
                path = (folder / target).resolve().relative_to(site.resolve()) if target != "../" else Path(".")
                local = re.split(r"[?#]", str(path))[0]
                assert local == "." or local.endswith("/") or (site / local).exists() or \
                    (site / local).is_dir(), f"{language}/{page.name}: {target}"
            for config in re.findall(r'\s(?:config|data-bot-config)="([^"]*)"', text):
                found = json.loads(html.unescape(config))
                assert found["interpreter"].startswith("../vendor/"), page
                for source, dest in found["files"].items():
                    assert source.startswith("../") and (site / source[3:].split("?")[0]).is_file(), source
                    assert dest.startswith("./"), dest
            assert 'register("../sw.js")' in text or "dvonnRegisterServiceWorker" not in text, page


def test_translated_pages_say_it_in_their_language(axe_context: Any, base_url: str, artifacts: Path) -> None:
    """What the build wrote into each language's rules page: the text, the example labels (CSS), the
    boards' names, the picker marking the page's language and linking to the others."""
    page = axe_context.new_page()
    try:
        expected = {"en": ("The rules, with boards to try", "Try it: ", "DVONN board"),
                    "de": ("Die Regeln, mit Brettern zum Ausprobieren", "Probier es aus: ", "DVONN-Brett"),
                    "fr": ("Les règles, avec des plateaux pour essayer", "À vous\u00a0: ", "Plateau de DVONN"),
                    "nl": ("De regels, met borden om uit te proberen", "Probeer het: ", "DVONN-bord")}
        for language, (title, label, board) in expected.items():
            Watch(page, base_url).open(address(language, "rules.html"))
            assert page.locator("main h1").inner_text() == title
            assert page.evaluate("getComputedStyle(document.querySelector('.try'), '::before').content") == \
                '"%s"' % label
            assert page.locator("figure.example svg").first.get_attribute("aria-label") == board
            picker = page.locator("nav.languages a")
            assert picker.all_inner_texts() == [code.upper() for code in LANGUAGES]
            assert page.locator("nav.languages a[aria-current=page]").get_attribute("hreflang") == language
            alternates = page.eval_on_selector_all(
                'link[rel=alternate]', "links => links.map(l => [l.hreflang, new URL(l.href).pathname])")
            assert [a[0] for a in alternates] == [*LANGUAGES, "x-default"]
            assert [a[1] for a in alternates][:4] == ["/rules.html", "/de/rules.html", "/fr/rules.html",
                                                     "/nl/rules.html"]
            page.set_viewport_size(SIZES[0])  # on a phone, for the closing note
            page.screenshot(path=str(artifacts / f"rules-{language}-phone.png"))
            page.set_viewport_size(SIZES[1])
    finally:
        page.close()


PAINTS = """new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if (entry.name === "first-contentful-paint") sessionStorage.setItem("painted " + location.pathname, "1");
}).observe({type: "paint", buffered: true});"""


def test_root_sends_a_german_browser_to_german_and_the_picker_choice_is_remembered(browser: Any,
                                                                                   base_url: str) -> None:
    context = browser.new_context(locale="de-DE")  # the pages' CSP applies: the head script is allowed by hash
    context.add_init_script(PAINTS)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(base_url + "#keep")
        page.wait_for_url(base_url + "de/#keep")
        page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)
        assert page.evaluate("document.documentElement.lang") == "de"
        painted = page.evaluate("Object.keys(sessionStorage).filter(k => k.startsWith('painted '))")
        assert painted == ["painted /de/"], f"pages drawn on the way: {painted}"  # nothing English was drawn
        # The rules page of the root sends there too; the picker goes to French and remembers it.
        page.goto(base_url + "rules.html")
        page.wait_for_url(base_url + "de/rules.html")
        page.locator("nav.languages a[hreflang=fr]").click()
        page.wait_for_url(base_url + "fr/rules.html")
        assert page.evaluate("localStorage.getItem('dvonn-lang')") == "fr"
        page.goto(base_url + "diamonds-rules.html")
        page.wait_for_url(base_url + "fr/diamonds-rules.html")
        # Choosing English keeps the root English, whatever the browser prefers.
        page.locator("nav.languages a[hreflang=en]").click()
        page.wait_for_url(base_url + "diamonds-rules.html")
        page.goto(base_url)
        page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)
        assert page.url == base_url and page.evaluate("document.documentElement.lang") == "en"
        assert not [e for e in errors if "Content Security Policy" in e], errors
    finally:
        context.close()


def test_an_embed_takes_its_language_from_lang(page: Any, base_url: str) -> None:
    page.goto(base_url + "embed.html?lang=nl&position=9-3D6-4bwW2B3-3DWBD3-9.w")
    page.wait_for_url(base_url + "nl/embed.html?lang=nl&position=9-3D6-4bwW2B3-3DWBD3-9.w")
    page.wait_for_function("document.body.dataset.ready === 'true'")
    assert page.locator("svg.dv-svg").get_attribute("aria-label") == "DVONN-bord"
    # The DVONN embed's address with game=diamonds: the Diamonds & Pivots board, in French.
    page.goto(base_url + "embed.html?game=diamonds&lang=fr")
    page.wait_for_url(base_url + "fr/diamonds-embed.html?game=diamonds&lang=fr")
    page.wait_for_function("document.body.dataset.ready === 'true'")
    assert page.title() == "Plateau de Diamonds & Pivots"
    # Without lang= an embed keeps the language of its address (the embedding page chose it).
    page.goto(base_url + "de/embed.html")
    page.wait_for_function("document.body.dataset.ready === 'true'")
    assert page.url == base_url + "de/embed.html"


def test_a_german_game_page_plays_offline(page: Any, base_url: str) -> None:
    """de/index.html uses the root's runtime, packs and bot (its paths go up a folder), registers the
    root's service worker, and then it and the German rules page load with the network off; an English
    page, not precached, is the German one."""
    page.goto(base_url + "de/index.html")
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)
    page.wait_for_function("document.body.dataset.bot === 'ready'", timeout=120_000)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == base_url + "sw.js"
    page.context.set_offline(True)
    try:
        for path in ("de/", "de/rules.html", "de/diamonds.html"):
            page.goto(base_url + path)
            page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)
            assert page.evaluate("document.documentElement.lang") == "de", path
        page.wait_for_function("document.body.dataset.bot === 'ready'", timeout=120_000)
        # English pages are not precached for a German visitor (issue 45): the German page instead
        page.goto(base_url + "rules.html")
        page.wait_for_url(base_url + "de/rules.html")
        page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)
    finally:
        page.context.set_offline(False)


#: How many of a language's pages the service worker's cache holds, of how many (sw.js: PAGES); with ``wait``, once
#: it holds them all, or after a minute.
LANGUAGE_CACHED = """async ([language, root, wait]) => {
  const text = await (await fetch(root + "sw.js")).text();
  const urls = JSON.parse(text.match(/const PAGES = (\\{[^}]*\\});/)[1])[language].map((u) => new URL(u, root).href);
  const count = async () => (await Promise.all(urls.map((u) => caches.match(u)))).filter(Boolean).length;
  for (let tries = 0; wait && tries < 600 && await count() < urls.length; tries++) {
    await new Promise((done) => setTimeout(done, 100));
  }
  return [await count(), urls.length];
}"""


def wait_ready(page: Any, url: str) -> None:
    page.wait_for_url(url)
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)


def test_a_language_opened_online_works_offline_after(page: Any, base_url: str) -> None:
    """The service worker precaches the pages of the visitor's language only (issue 45); a page of another language
    opened online has its language's pages cached, which then load offline.  Offline, a page of a language never
    opened is the same page in a cached one, and the language picker's link to it comes back to the page."""
    page.goto(base_url + "editor.html")  # (it registers the service worker once ready: no bot to wait for)
    wait_ready(page, base_url + "editor.html")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    english, french = (page.evaluate(LANGUAGE_CACHED, [code, base_url, False]) for code in ("en", "fr"))
    assert english[0] == english[1] > 10 and french == [0, english[1]]
    page.goto(base_url + "fr/rules.html")
    wait_ready(page, base_url + "fr/rules.html")
    assert page.evaluate(LANGUAGE_CACHED, ["fr", base_url, True]) == english
    assert page.evaluate(LANGUAGE_CACHED, ["nl", base_url, False])[0] == 0
    page.context.set_offline(True)
    try:
        for path in ("fr/diamonds-rules.html", "fr/", "fr/embed.html?position=9-3D6-4bwW2B3-3DWBD3-9.w"):
            page.goto(base_url + path)
            wait_ready(page, base_url + path)
            assert page.evaluate("document.documentElement.lang") == "fr", path
        assert page.locator("svg.dv-svg").get_attribute("aria-label") == "Plateau de DVONN"
        page.goto(base_url + "nl/embed.html?position=9-3D6-4bwW2B3-3DWBD3-9.w")  # not cached: the English page
        wait_ready(page, base_url + "embed.html?position=9-3D6-4bwW2B3-3DWBD3-9.w")
        assert page.locator("svg.dv-svg").get_attribute("aria-label") == "DVONN board"
        page.goto(base_url + "rules.html")
        wait_ready(page, base_url + "rules.html")
        page.locator("nav.languages a[hreflang=nl]").click()  # Dutch, not cached: back to this page, in English
        wait_ready(page, base_url + "rules.html")
        assert page.evaluate("document.documentElement.lang") == "en"
        page.locator("nav.languages a[hreflang=fr]").click()
        wait_ready(page, base_url + "fr/rules.html")
    finally:
        page.context.set_offline(False)


def test_a_german_game_page_speaks_german(page: Any, base_url: str, artifacts: Path) -> None:
    """de/index.html: the first paint, the status after a move, a cell's accessible name, the
    reserves, and the refusal of a bad link and of a bad import are German (the notation stays)."""
    page.set_viewport_size(SIZES[0])
    page.goto(base_url + "de/index.html#record=" + "E3%20Z9")
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)
    notice = page.get_by_test_id("notice").inner_text()
    assert notice.startswith("Konnte die Partieaufzeichnung im Link nicht lesen: "), notice
    assert notice.endswith("Die Partie auf dem Brett ist unverändert."), notice
    assert page.get_by_test_id("status").inner_text() == "Weiß: DVONN-Stein auf ein leeres Feld setzen."
    assert page.get_by_test_id("new-game").inner_text() == "Neue Partie"
    page.get_by_test_id("black-player").select_option("human")  # two players here: no bot's turn
    page.get_by_test_id("new-game").click()
    page.locator('[data-cell="E3"]').click()
    page.wait_for_function("document.body.dataset.toMove === 'black'")
    assert page.get_by_test_id("status").inner_text() == "Schwarz: DVONN-Stein auf ein leeres Feld setzen."
    assert page.locator('[data-cell="E3"]').get_attribute("aria-label") == "E3, DVONN-Stein"
    assert page.get_by_test_id("reserve-white").inner_text() == "noch 23 + 1 DVONN"
    assert page.get_by_test_id("review-counter").inner_text().startswith("Zug ")
    page.screenshot(path=str(artifacts / "game-de-after-move-phone.png"))
    page.get_by_test_id("import").click()
    page.get_by_test_id("import-text").fill("Z9 Q1")
    page.get_by_test_id("import-paste").click()
    error = page.get_by_test_id("import-error")
    error.wait_for(state="visible")
    assert error.inner_text().startswith("Konnte die eingefügte Partieaufzeichnung nicht lesen: "), error.inner_text()
    assert error.inner_text().endswith("Die Partie auf dem Brett ist unverändert.")


def test_a_french_diamonds_page_speaks_french(page: Any, base_url: str) -> None:
    """fr/diamonds.html: the status before and after a drop, the buttons, a cell's accessible name."""
    page.goto(base_url + "fr/diamonds.html")
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)
    assert page.get_by_test_id("status").inner_text().startswith("Noir\u00a0: posez une pierre sur une case vide")
    assert page.get_by_test_id("pass").inner_text() == "Passer"
    page.get_by_test_id("white-player").select_option("human")  # two players here: no bot's turn
    page.get_by_test_id("new-game").click()
    page.locator('[data-cell="e5"]').click()
    page.wait_for_function("document.body.dataset.toMove === 'white'")
    assert page.locator('[data-cell="e5"]').get_attribute("aria-label").startswith("e5, pierre noire")
    assert page.get_by_test_id("status").inner_text().startswith("Blanc\u00a0: posez une pierre sur une case vide")


@pytest.mark.parametrize("rules_page", ["rules.html", "diamonds-rules.html"])
def test_the_rules_pages_live_boards_name_the_sides_in_the_pages_language(page: Any, base_url: str,
                                                                           rules_page: str) -> None:
    """Every live board's status on a translated rules page names the sides as the game page does
    (issue 43, defect 2: they said "White" and "Black")."""
    words = {"de": ("Weiß", "Schwarz"), "fr": ("Blanc", "Noir"), "nl": ("Wit", "Zwart")}
    for language, names in words.items():
        watch = Watch(page, base_url)
        watch.open(address(language, rules_page))
        statuses = page.locator("figure.example .status, figure.example [data-testid=status]").all_inner_texts()
        text = " ".join(statuses)
        assert statuses and any(name in text for name in names), (language, statuses)
        assert not re.search(r"\b(White|Black)\b", text), (language, text)
        watch.check()
