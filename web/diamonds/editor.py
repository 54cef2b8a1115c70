"""The Diamonds & Pivots board editor (diamonds-editor.html): the kernel's editor
(``kernel/editor.py``) on this game's ``Editing`` (``diamonds/editing.py``)."""

from diamonds.editing import Editing
from kernel.editor import EditorPage

EditorPage(Editing()).start()
