"""The 5e widgets: the combat screen's card, table, ribbon and boxes, the map panel."""
