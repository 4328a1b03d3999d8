"""Bob's side of a face-to-face exchange between two `handshake app`s, in Chromium with Playwright inside his
network namespace: he opens Face to face, looks for people, chooses Ada from his list when she appears,
sees the 6-digit code, adds her card and sends a note. It prints one JSON object of what it saw, with the
clicks from opening the screen to success. Arguments: the launch URL and the folder for screenshots."""
import json
import sys

from playwright.sync_api import sync_playwright

import screens

launch_url, artifacts = sys.argv[1:3]
seen = {"dialogs": []}

with sync_playwright() as playwright:
    browser, _, page = screens.open_page(playwright, seen["dialogs"])
    try:
        page.set_default_timeout(45000)
        page.goto(launch_url)
        page.click("nav >> text=Face to face")
        clicks = 0
        page.click("button[value=discover]")
        clicks += 1
        # She appears with their common-friend count, found before anyone chose.
        # A locator, not an element handle: the list is drawn again whenever someone in it changes, and a
        # locator finds Ada's button afresh at the click where a handle would point at the one replaced.
        ada = page.locator("ul.people button.person:has-text('Ada Lovelace'):has-text('1 common friend')")
        ada.wait_for()
        seen["people"] = page.inner_text("ul.people")
        screens.shoot(page, artifacts, "face-to-face-people")
        ada.click()
        clicks += 1
        page.wait_for_selector(".shortcode")
        seen["shortCode"] = page.inner_text(".shortcode")
        page.wait_for_selector("#live .verified")
        seen["liveText"] = page.inner_text("#live")
        screens.add_and_write(page, "Hello Ada", seen, clicks)
    except Exception:
        try:
            print("Bob's screen showed:\n" + page.inner_text("main"), file=sys.stderr)
        except Exception:
            pass
        raise
    browser.close()

print(json.dumps(seen), flush=True)
