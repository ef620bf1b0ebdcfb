"""What FuturePath shows a player names a rule by what it says, never by an internal number
(issue 18): no "R38", "A27" or "§2.13" in a refusal, a warning, a log line or a key's tooltip.

The check reads the source: every string literal passed to a `...Rejected(...)`, `...Error(...)`,
`Warning(...)`, `notify(...)` or `Binding(...)` call, given as a `tooltip=`/`description=`
keyword or set as a screen's title, and every string in a `log*.py` module that is not a
docstring. Comments, docstrings and `# ref:` citations keep their numbers."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import combat_tui

ROOT = Path(combat_tui.__file__).parent
FOLDERS = (ROOT / "systems" / "futurepath", ROOT / "screens" / "futurepath")
RULE_NUMBER = re.compile(r"\b[RA]\d{1,3}\b|§")
SHOWN_CALLS = ("Rejected", "Error", "Warning", "Binding", "notify")
SHOWN_KEYWORDS = ("tooltip", "description")
SHOWN_ATTRIBUTES = ("title", "sub_title", "border_title", "border_subtitle")


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of bare string statements: docstrings, module, class, function and attribute ones."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}  # fmt: skip


def _strings(node: ast.AST) -> list[ast.Constant]:
    return [n for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _callee(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def shown_strings(path: Path) -> list[ast.Constant]:
    """The string literals of one module that a player sees."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if path.name.startswith("log"):
        docstrings = _docstrings(tree)
        return [n for n in _strings(tree) if id(n) not in docstrings]
    shown: list[ast.Constant] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if _callee(node).endswith(SHOWN_CALLS):
                shown += _strings(node)
            else:
                for keyword in node.keywords:
                    if keyword.arg in SHOWN_KEYWORDS:
                        shown += _strings(keyword.value)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Attribute) and t.attr in SHOWN_ATTRIBUTES for t in targets) and node.value:
                shown += _strings(node.value)
    return shown


def modules() -> list[Path]:
    return sorted(path for folder in FOLDERS for path in folder.rglob("*.py"))


def test_the_scan_reads_the_refusals_and_the_log():
    # A scan that found nothing would pass for the wrong reason.
    rejected = sum(1 for path in modules() for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                   if isinstance(n, ast.Call) and _callee(n) == "CommandRejected")  # fmt: skip
    assert rejected > 100
    assert any(path.name == "log.py" and shown_strings(path) for path in modules())


def test_no_shown_text_cites_a_rule_number():
    cited = [f"{path.relative_to(ROOT.parent)}:{n.lineno}: {n.value!r}"
             for path in modules() for n in shown_strings(path) if RULE_NUMBER.search(n.value)]  # fmt: skip
    assert cited == [], "\n".join(cited)


def test_the_pattern_catches_the_old_forms():
    for text in ("(R38).", "R97-R100; ", "(A4).", "(§2.13).", "(notes §2.4)."):
        assert RULE_NUMBER.search(text), text
    for text in ("Round 0", "2d10 roll", "AC 15", "DR 5 all", "Rocked ship (chart 5)"):
        assert not RULE_NUMBER.search(text), text
