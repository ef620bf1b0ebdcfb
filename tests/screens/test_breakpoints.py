"""A pushed screen has its breakpoint class before it is first styled (issue 17: Textual gives it on
the first layout's Resize, and the whole screen was styled and laid out a second time)."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet

from tests.screens.helpers import make_app


async def test_the_campaign_screen_is_styled_once_before_its_first_key_and_follows_a_resize():
    app = make_app()
    styled: list[object] = []
    original = Stylesheet.apply

    def counted(self, node, *args, **kwargs):
        styled.append(node)
        return original(self, node, *args, **kwargs)

    Stylesheet.apply = counted
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert app.screen.has_class("-wide") and not app.screen.has_class("-narrow")
            log = app.screen.query_one("#travelogue")
            # Styled when mounted and as the screen's focus and first frame settle (three in
            # Textual 8.2); the class given at the first Resize restyled everything once more.
            assert styled.count(log) <= 3
            await pilot.resize_terminal(80, 24)
            await pilot.pause(0.1)
            assert app.screen.has_class("-narrow") and not app.screen.has_class("-wide")
            await pilot.press("s")  # the setup screen, pushed at 80 columns
            await pilot.pause()
            assert app.screen.has_class("-narrow")
    finally:
        Stylesheet.apply = original
