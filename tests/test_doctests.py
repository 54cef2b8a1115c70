"""The examples in the docstrings of dvonn_core are tests too."""

import doctest
import importlib
import pkgutil

import pytest

import dvonn_core
import sitebuild

MODULES = sorted(
    name for _, name, _ in pkgutil.walk_packages(dvonn_core.__path__, "dvonn_core.") if name != "dvonn_core.__main__"
)


@pytest.mark.parametrize("name", ["dvonn_core"] + MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_readme_examples() -> None:
    from pathlib import Path

    readme = Path(__file__).resolve().parent.parent / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 5 and result.failed == 0


#: The modules of the site's build (sitebuild/; build.py, the command and the table of pages, has no examples).
SITE_TOOLS = sorted("sitebuild." + name for _, name, _ in pkgutil.iter_modules(sitebuild.__path__))


@pytest.mark.parametrize("name", SITE_TOOLS)
def test_site_tool_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
