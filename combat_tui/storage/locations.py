"""Where campaigns live: the bundled samples, and the user's own folder where they are played.

A sample is never played in place: the first use copies it into the user's folder, so the
bundled one stays as shipped.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from combat_tui.core.records import frozen
from combat_tui.storage.errors import CampaignError
from combat_tui.storage.folder import STATE_FILE, read_snapshot

_PACKAGE = Path(__file__).resolve().parent.parent


def sample_dir() -> Path:
    """`campaigns/` of a source checkout, else the copy a wheel carries."""
    checkout = _PACKAGE.parent / "campaigns"
    return checkout if checkout.is_dir() else _PACKAGE / "sample_campaigns"


def user_campaigns_dir() -> Path:
    """`$COMBAT_TUI_HOME/campaigns`, else `$XDG_DATA_HOME/combat-tui/campaigns`."""
    home = os.environ.get("COMBAT_TUI_HOME")
    if home:
        return Path(home).expanduser() / "campaigns"
    data = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(data) / "combat-tui" / "campaigns"


def config_dir() -> Path:
    """`$COMBAT_TUI_HOME`, else `$XDG_CONFIG_HOME/combat-tui`: where the GM's settings (the keymap) live."""
    home = os.environ.get("COMBAT_TUI_HOME")
    if home:
        return Path(home).expanduser()
    config = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(config) / "combat-tui"


def prepare_sample(name: str = "goblin-ambush") -> Path:
    """The user's copy of a bundled sample, made on first use."""
    source = sample_dir() / name
    if not (source / STATE_FILE).is_file():
        raise CampaignError(source, "there is no such sample campaign")
    target = user_campaigns_dir() / name
    if (target / STATE_FILE).exists():
        return target
    copying = target.with_name(f".{name}.copying")  # a copy cut short never looks like a campaign
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(copying, ignore_errors=True)
        shutil.copytree(source, copying)
        if target.exists():
            shutil.copytree(copying, target, dirs_exist_ok=True)
            shutil.rmtree(copying)
        else:
            os.rename(copying, target)
    except OSError as error:
        shutil.rmtree(copying, ignore_errors=True)
        raise CampaignError(target, f"the sample could not be copied here ({error.strerror or error})") from None
    return target


@frozen
class CampaignInfo:
    path: Path
    name: str
    system: str
    error: str = ""


def list_campaigns() -> list[CampaignInfo]:
    """Every campaign in the user's folder (the samples copied there first), by name."""
    samples = sample_dir()
    if samples.is_dir():
        for sample in sorted(samples.iterdir()):
            if (sample / STATE_FILE).is_file():
                prepare_sample(sample.name)
    found = []
    root = user_campaigns_dir()
    for folder in sorted(root.iterdir()) if root.is_dir() else ():
        if folder.name.startswith(".") or not (folder / STATE_FILE).is_file():
            continue
        try:
            campaign, _ = read_snapshot(folder)
            found.append(CampaignInfo(folder, campaign.name, campaign.system))
        except CampaignError as error:
            found.append(CampaignInfo(folder, folder.name, "?", str(error)))
    return sorted(found, key=lambda info: info.name.casefold())
