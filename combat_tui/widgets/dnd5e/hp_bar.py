"""The HP bar as text: filled cells for the HP left, a class-like level for the stylesheet."""

from __future__ import annotations

from rich.errors import StyleSyntaxError
from rich.style import Style
from rich.text import Text


def hp_level(hp: int, max_hp: int) -> str:
    """`ok` above half, `hurt` at half or below, `down` at 0: the word the styles key on."""
    if hp <= 0:
        return "down"
    return "hurt" if hp * 2 <= max_hp else "ok"


def hp_bar(hp: int, max_hp: int, width: int, styles: dict[str, str]) -> Text:
    """`██████░░░░ 31/49`: `styles` maps a level (`ok`, `hurt`, `down`) to a Rich style."""
    filled = 0 if max_hp <= 0 else max(0, min(width, round(width * hp / max_hp)))
    if hp > 0 and filled == 0:
        filled = 1
    level = hp_level(hp, max_hp)
    text = Text(no_wrap=True, end="")
    text.append("█" * filled, style=styles.get(level, ""))
    text.append("░" * (width - filled), style=styles.get("empty", ""))
    text.append(f" {hp}/{max_hp}")
    return text


def theme_styles(variables: dict[str, str]) -> dict[str, str]:
    """The bar's styles from the app's theme variables (so themes decide the colours)."""
    wanted = {"ok": ("success", "green"), "hurt": ("warning", "yellow"), "down": ("error", "red"),
              "empty": ("foreground-muted", "grey50")}  # fmt: skip
    return {level: parse_style(variables.get(name, fallback), fallback) for level, (name, fallback) in wanted.items()}


def parse_style(value: str, fallback: str) -> str:
    """`value` when Rich reads it as a style (a theme variable may not be one), else `fallback`."""
    try:
        Style.parse(value)
    except StyleSyntaxError:
        return fallback
    return value
