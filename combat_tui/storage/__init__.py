"""Storage: the only code that touches files. A campaign is a folder (DESIGN.md §2).

    campaign.toml       the state snapshot (schema_version, journal_seq, the campaign)
    campaign.toml.bak   the snapshot before the last one
    .campaign.json      the snapshot again as JSON, read at opening while it copies campaign.toml
    travelogue.jsonl    the journal: one JSON record a command, fsynced before the screen updates
    .lock               held by the process that writes the folder
"""

from combat_tui.storage.errors import CampaignError, CampaignLocked
from combat_tui.storage.folder import OpenCampaign, load_session, open_campaign, read_snapshot, write_snapshot
from combat_tui.storage.locations import CampaignInfo, list_campaigns, prepare_sample, sample_dir, user_campaigns_dir

__all__ = [
    "CampaignError",
    "CampaignInfo",
    "CampaignLocked",
    "OpenCampaign",
    "list_campaigns",
    "load_session",
    "open_campaign",
    "prepare_sample",
    "read_snapshot",
    "sample_dir",
    "user_campaigns_dir",
    "write_snapshot",
]
