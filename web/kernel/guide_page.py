"""Build-time helper: the author guide (``docs/embedding.md``) as a page of the site.

A deliberately small Markdown subset, enough for the guide: ``#`` headings, paragraphs,
``-`` lists, fenced code blocks, pipe tables, ``inline code``, **bold** and [links](url).
Runs on CPython at build time only.

>>> inline("Use `a<b` and [the rules](rules.html), **really**.")
'Use <code>a&lt;b</code> and <a href="rules.html">the rules</a>, <b>really</b>.'
"""

from __future__ import annotations

import html
import re

_CODE = re.compile(r"`([^`]+)`")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_BOLD = re.compile(r"\*\*([^*]+)\*\*")


def inline(text: str) -> str:
    """Inline Markdown of one line or paragraph as HTML."""
    parts = _CODE.split(text)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append("<code>" + html.escape(part) + "</code>")
            continue
        part = html.escape(part, quote=False)
        part = _LINK.sub(lambda m: '<a href="%s">%s</a>' % (html.escape(_site_link(m.group(2))), m.group(1)), part)
        part = _BOLD.sub(r"<b>\1</b>", part)
        out.append(part)
    return "".join(out)


def _site_link(url: str) -> str:
    """Links between repository files become links between site pages."""
    if url.startswith("../web/"):  # ../web/<game or shared>/page.html -> page.html (pages sit at the site root)
        return url.rsplit("/", 1)[1]
    return url


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def to_html(markdown: str) -> str:
    """The body HTML of a Markdown document (the subset described above)."""
    out: list[str] = []
    para: list[str] = []
    items: list[str] = []
    table: list[list[str]] = []
    lines = markdown.splitlines()

    def flush() -> None:
        if para:
            out.append("<p>" + inline(" ".join(para)) + "</p>")
            para.clear()
        if items:
            out.append("<ul>" + "".join("<li>" + inline(i) + "</li>" for i in items) + "</ul>")
            items.clear()
        if table:
            head, *rows = [r for r in table if not set("".join(r)) <= set("-: ")]
            out.append("<table><thead><tr>" + "".join("<th>" + inline(c) + "</th>" for c in head)
                       + "</tr></thead><tbody>"
                       + "".join("<tr>" + "".join("<td>" + inline(c) + "</td>" for c in r) + "</tr>" for r in rows)
                       + "</tbody></table>")
            table.clear()

    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if stripped.startswith("```"):
            flush()
            code = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith("```"):
                code.append(lines[i])
                i += 1
            out.append('<pre tabindex="0"><code>' + html.escape("\n".join(code)) + "</code></pre>")
        elif stripped.startswith("#"):
            flush()
            level = len(stripped) - len(stripped.lstrip("#"))
            text = stripped[level:].strip()
            out.append('<h%d id="%s">%s</h%d>' % (level, _slug(text), inline(text), level))
        elif stripped.startswith("|"):
            if para or items:
                flush()
            table.append([c.strip() for c in stripped.strip("|").split("|")])
        elif stripped.startswith("- "):
            if para or table:
                flush()
            items.append(stripped[2:])
        elif not stripped:
            flush()
        elif items and line.startswith("  "):
            items[-1] += " " + stripped
        else:
            if items or table:
                flush()
            para.append(stripped)
        i += 1
    flush()
    return "\n".join(out)


PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%(title)s</title>
<link rel="icon" href="./%(icon)s" type="image/svg+xml">
<link rel="stylesheet" href="./%(style)s">
<link rel="stylesheet" href="./%(embed_css)s">
</head>
<body class="rules guide">
<header class="top"><h1>DVONN</h1><nav><a href="./" style="color:#fff">Play the game</a></nav></header>
<main class="rules-main">
%(body)s
</main>
</body>
</html>
"""


def page(markdown: str, icon: str, style: str, embed_css: str) -> str:
    """The whole HTML page of the guide; the title is the first heading."""
    first = next((line for line in markdown.splitlines() if line.startswith("# ")), "# DVONN")
    return PAGE % {"title": html.escape(first[2:].strip()), "icon": icon, "style": style,
                   "embed_css": embed_css, "body": to_html(markdown)}
