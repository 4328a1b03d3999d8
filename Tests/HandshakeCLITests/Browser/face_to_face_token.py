"""Face to face's "Show a code to scan" in Chromium with Playwright: Ada's `handshake app` shows the session
token's QR code; this script photographs it (a PNG of the code as the screen draws it) to the path given and
prints "shown"; the test hands the picture to Bob's `handshake nearby --token-in`, on a device no network joins
to Ada's; once the cards crossed (through the server's relay), Ada writes her note, waits for Bob's, presses
Done and prints one JSON object of what she saw. Arguments: the launch URL, the folder for screenshots, the
picture's path, and Ada's note."""
import json
import sys

from playwright.sync_api import sync_playwright

import screens

launch_url, artifacts, picture, note = sys.argv[1:5]
seen = {"dialogs": []}

with sync_playwright() as playwright:
    browser, context, page = screens.open_page(playwright, seen["dialogs"])
    with screens.telling_the_screen(page, "Ada's screen showed:\n", "body"):
        page.set_default_timeout(45000)
        page.goto(launch_url)
        page.click("nav >> text=Face to face")
        page.click("button[value=showToken]")
        code = page.locator("#token")
        code.wait_for()
        seen["shown"] = page.inner_text("#live")
        seen["shownAxe"] = screens.axe(page)
        screens.shoot(page, artifacts, "face-to-face-token")
        code.screenshot(path=picture)
        print("shown", flush=True)
        screens.write_and_finish(page, note, seen, 0)
    browser.close()
print(json.dumps(seen), flush=True)
