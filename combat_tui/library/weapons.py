"""The 2014 weapon table entries the sample campaigns use (PHB "Weapons"; SRD 5.1)."""

from __future__ import annotations

from combat_tui.systems.dnd5e.model import Weapon

LONGSWORD = Weapon("Longsword", "1d8", "slashing", "martial", versatile="1d10")
HANDAXE = Weapon("Handaxe", "1d6", "slashing", "simple", light=True, thrown=True, normal_range=20, long_range=60)
MACE = Weapon("Mace", "1d6", "bludgeoning", "simple")
RAPIER = Weapon("Rapier", "1d8", "piercing", "martial", finesse=True)
SHORTBOW = Weapon("Shortbow", "1d6", "piercing", "simple", ranged=True, normal_range=80, long_range=320)
QUARTERSTAFF = Weapon("Quarterstaff", "1d6", "bludgeoning", "simple", versatile="1d8")
SCIMITAR = Weapon("Scimitar", "1d6", "slashing", "martial", finesse=True, light=True)
JAVELIN = Weapon("Javelin", "1d6", "piercing", "simple", thrown=True, normal_range=30, long_range=120)
DAGGER = Weapon("Dagger", "1d4", "piercing", "simple", finesse=True, light=True, thrown=True, normal_range=20, long_range=60)
WOLF_BITE = Weapon("Bite", "2d4", "piercing", "natural", finesse=True)
