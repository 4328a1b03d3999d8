"""Ada's side of a face-to-face exchange in `handshake app`, driven in Debian's Chromium with Playwright
inside her network namespace: she opens Face to face and looks for people; once she is advertised it
prints "ready" (the test then starts Bob's `handshake nearby --select "Ada Lovelace"` in his namespace);
she accepts his request, adds his card and sends a note. It prints one JSON object of what it saw, with the
clicks from opening the screen to success and the seconds from the last click to success. Arguments: the
launch URL and the folder for screenshots."""
import json
import sys

from playwright.sync_api import sync_playwright

import screens

launch_url, artifacts = sys.argv[1:3]
base = launch_url.split("/contacts")[0]
seen = {"dialogs": []}


def shoot(page, name):
    screens.shoot(page, artifacts, name)


def report_screen_on_failure(page):
    """On a wait that timed out, what the screen showed goes to standard error for the test's message."""
    try:
        print("The screen showed:\n" + page.inner_text("main"), file=sys.stderr)
    except Exception:
        pass


with sync_playwright() as playwright:
    browser, _, page = screens.open_page(playwright, seen["dialogs"])
    try:
        page.set_default_timeout(45000)
        page.goto(launch_url)
        page.click("nav >> text=Face to face")
        shoot(page, "face-to-face-start")
        clicks = 0
        page.click("button[value=discover]")
        clicks += 1
        page.wait_for_selector("text=Looking for people nearby")
        print("ready", flush=True)

        # Bob chose her: his request, the 6-digit code and their common friend, live on her screen.
        page.wait_for_selector("#live button[value=yes]")
        # His --select chose her before their count was known, so his request can come before their common
        # friend is found (the cards never wait for it): it arrives live on the same screen.
        page.wait_for_selector("#live >> text=Common friends: Carol Herschel")
        seen["request"] = page.inner_text("#live form p")
        seen["shortCode"] = page.inner_text(".shortcode")
        seen["liveText"] = page.inner_text("#live")
        seen["countdown"] = page.inner_text("#live .waiting")
        shoot(page, "face-to-face-request")
        page.click("#live button[value=yes]")
        clicks += 1
        page.wait_for_selector("#live .verified")
        seen["keep"] = page.inner_text("#live form")
        screens.add_and_write(page, "Hi Bob", seen, clicks, shoot=lambda name: shoot(page, name))
    except Exception:
        report_screen_on_failure(page)
        raise
    browser.close()

print(json.dumps(seen), flush=True)
