"""The kernel: what every rule system shares and nothing else (session, history, dice, the
campaign envelope, the rule-system protocol and registry, the neutral text form). It imports no
system, no textual and no storage; docs/architecture.md has the picture."""
