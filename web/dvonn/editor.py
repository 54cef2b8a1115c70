"""The DVONN board editor (editor.html): the kernel's editor (``kernel/editor.py``) on DVONN's
``Editing`` (``dvonn/editing.py``)."""

from dvonn.editing import Editing
from kernel.editor import EditorPage

EditorPage(Editing()).start()
