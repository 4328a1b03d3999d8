"""Face to face's own scanner, in Chromium with Playwright inside Ada's network namespace: Bob's `handshake
nearby --token-out` has written a picture of its session token (the code his screen would show); Ada opens
Face to face, gives that picture to "Or scan their code" (the file input a phone's camera fills), and the
exchange opens there: the cards cross, and she presses Done. Prints one JSON object of what it saw. Arguments:
the launch URL and the picture's path."""
import json
import sys

from playwright.sync_api import sync_playwright

import screens

launch_url, picture = sys.argv[1:3]
seen = {"dialogs": []}

with sync_playwright() as playwright:
    with screens.browsing(playwright, seen, launch_url, "Ada") as page:
        page.click("nav >> text=Face to face")
        seen["start"] = page.inner_text("main")
        seen["startAxe"] = screens.axe(page)
        page.set_input_files("#picture", picture)
        page.wait_for_selector("#live h2.success")
        seen["success"] = page.inner_text("#live")
        seen["url"] = page.url
        page.click("#live button:has-text('Done')")
        seen["contacts"] = page.inner_text("main")

print(json.dumps(seen), flush=True)
