"""axe-core in the browser tests: inject ``node_modules/axe-core/axe.min.js`` (a devDependency,
never copied into ``dist/``) and list the violations on the page.

The pages carry a Content-Security-Policy without 'unsafe-inline' scripts, so the browser
context that runs axe is opened with ``bypass_csp`` (see ``axe_context`` in test_a11y.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def violations(page: Any, context: str = "document") -> list[dict[str, Any]]:
    """axe's violations on ``page`` (or under the CSS selector ``context``): id, impact, help, targets."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return list(page.evaluate(
        """async (context) => {
          const root = context === "document" ? document : document.querySelector(context);
          const result = await axe.run(root, {resultTypes: ["violations"]});
          return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                               targets: v.nodes.map(n => n.target.join(" "))}));
        }""", context))


def summary(found: list[dict[str, Any]]) -> str:
    return "; ".join("%s (%s): %s" % (v["id"], v["impact"], ", ".join(v["targets"][:5])) for v in found)
