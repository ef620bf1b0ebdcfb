"""The layout's contract (docs/architecture.md): who may import whom.

- The kernel (`core/`) knows no rule system, no storage and no screen.
- A rule system (`systems/<id>/`) is pure: no textual, rich, files, screens or widgets, and no
  other system.
- Storage reaches a system only through the kernel's registry.
- A system's screens and widgets use their own system alone.
- No module imports another module's private (`_underscore`) name.
- No module is over 500 lines.
Each rule reads the source's imports (ast), so a forbidden import fails here before it runs.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "combat_tui"
SYSTEMS = ("dnd5e", "futurepath")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[tuple[str, tuple[str, ...], int]]:
    """(module, names imported from it, line) of every import in a file, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, (), node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.append((module, tuple(alias.name for alias in node.names), node.lineno))
    return found


def _files(*parts: str) -> list[Path]:
    return sorted(PACKAGE.joinpath(*parts).rglob("*.py"))


def _offences(files: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    return [f"{path.relative_to(PACKAGE.parent)}:{line} imports {module}"
            for path in files for module, _, line in _imports(path)
            if any(module == bad or module.startswith(bad + ".") for bad in forbidden)]  # fmt: skip


UI = ("textual", "rich", "combat_tui.app", "combat_tui.screens", "combat_tui.widgets")


def test_the_kernel_imports_no_system_no_storage_and_no_screen():
    forbidden = UI + ("combat_tui.systems", "combat_tui.storage", "combat_tui.library", "combat_tui.script")
    assert _offences(_files("core"), forbidden) == []


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_system_is_pure_and_alone(system):
    others = tuple(f"combat_tui.systems.{other}" for other in SYSTEMS if other != system)
    forbidden = UI + others + ("combat_tui.storage", "combat_tui.library", "combat_tui.script")
    assert _offences(_files("systems", system), forbidden) == []


def test_storage_reaches_systems_only_through_the_registry():
    assert _offences(_files("storage"), UI + ("combat_tui.systems",)) == []


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_systems_screens_and_widgets_use_that_system_alone(system):
    others = tuple(f"combat_tui.{kind}.{other}" for other in SYSTEMS if other != system
                   for kind in ("systems", "screens", "widgets"))  # fmt: skip
    assert _offences(_files("screens", system) + _files("widgets", system), others) == []


def test_the_shared_screens_and_widgets_use_no_system():
    shared = [path for path in _files("screens") + _files("widgets") if path.parent.name in ("screens", "widgets")]
    assert _offences(shared, ("combat_tui.systems",)) == []


def test_no_module_imports_another_modules_private_name():
    offences = [f"{path.relative_to(PACKAGE.parent)}:{line} imports {name} from {module}"
                for path in _files() for module, names, line in _imports(path)
                if module.startswith("combat_tui") for name in names if name.startswith("_")]  # fmt: skip
    assert offences == []


def test_no_module_is_over_500_lines():
    long = [f"{path.relative_to(PACKAGE.parent)}: {count} lines" for path in _files()
            if (count := len(path.read_text(encoding="utf-8").splitlines())) > 500]  # fmt: skip
    assert long == []


def test_the_kernel_loads_only_the_system_a_campaign_names():
    # At run time too: reading a 5e campaign imports the 5e rules and nothing of FuturePath or Textual.
    code = (
        "import sys\n"
        "from combat_tui.core import runner, session, text\n"
        "assert not [m for m in sys.modules if m.startswith('combat_tui.systems.')], 'kernel imported a system'\n"
        "from combat_tui.storage import read_snapshot, sample_dir\n"
        "campaign, _ = read_snapshot(sample_dir() / 'goblin-ambush')\n"
        "loaded = sorted({m.split('.')[2] for m in sys.modules if m.startswith('combat_tui.systems.')})\n"
        "assert loaded == ['dnd5e'], loaded\n"
        "assert 'textual' not in sys.modules, 'the rules imported textual'\n"
        "assert 'importlib.metadata' not in sys.modules, 'a built-in system was looked up among the installed ones'\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


RULE_MODULES = {
    "dnd5e": ("commands", "events", "damage", "dispatch", "verbs", "log", "setup", "turns", "commands_build", "events_build", "spellbook"),
    "futurepath": ("commands", "events", "dispatch", "verbs", "log"),
}
"""What a system's first screen does without: the app imports these once that screen is up."""


@pytest.mark.parametrize("system, sample", [("dnd5e", "goblin-ambush"), ("futurepath", "space-bears")])
def test_the_first_screen_of_a_campaign_imports_no_rules(system, sample):
    # The first frame shows records; the rules come after it, in CombatApp's warm-up.
    code = f"""
import asyncio, sys
from combat_tui.app import CombatApp
from combat_tui.storage import prepare_sample

seen = []
class App(CombatApp):
    def _after_first_paint(self):
        if not seen and self.screen.id != "_default":
            seen.extend(m for m in {[f"combat_tui.systems.{system}.{name}" for name in RULE_MODULES[system]]!r}
                        if m in sys.modules)
            seen.append("painted")
        super()._after_first_paint()

async def main():
    app = App(prepare_sample({sample!r}), seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(100):
            if app._warmed:
                break
            await pilot.pause(0.02)
        assert app._warmed
        await pilot.press("ctrl+q")

asyncio.run(main())
assert seen == ["painted"], seen
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                            env={**os.environ, "COMBAT_TUI_HOME": str(Path(tempfile.mkdtemp()))})  # fmt: skip
    assert result.returncode == 0, result.stderr
