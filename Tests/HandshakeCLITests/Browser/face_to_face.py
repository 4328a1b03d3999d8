"""Ada's side of a face-to-face exchange in `handshake app`, driven in Debian's Chromium with Playwright
inside her network namespace: she opens Face to face, looks for people (showing her name), then goes back to
Contacts; once she is advertised it prints "ready" (the test then starts Bob's `handshake nearby --select
"Ada Lovelace"` in his namespace). His request shows as a banner on Contacts (seed 001's EX-4 "in other
screens"); Accept there shows her own card as it will be sent (EX-2), whose one button opens the success screen (EX-5): his card saved, her note written, his note read,
Done back to Contacts with him first. It prints one JSON object of what it saw. Arguments: the launch URL and
the folder for screenshots."""
import json
import sys

from playwright.sync_api import sync_playwright

import screens

launch_url, artifacts = sys.argv[1:3]
seen = {"dialogs": []}


def shoot(page, name):
    screens.shoot(page, artifacts, name)


with sync_playwright() as playwright:
    browser, _, page = screens.open_page(playwright, seen["dialogs"])
    with screens.telling_the_screen(page, "The screen showed:\n", "body"):
        page.set_default_timeout(45000)
        page.goto(launch_url)
        page.click("nav >> text=Face to face")
        seen["startAxe"] = screens.axe(page)
        shoot(page, "face-to-face-start")
        # Ticked at once, before the page's first live update: the update keeps the tick.
        page.reload()
        page.check("input[name=showName]")
        page.wait_for_timeout(1500)
        seen["tickKept"] = page.is_checked("input[name=showName]")
        page.click("nav >> text=Contacts")
        seen["showNameUnticked"] = screens.start_looking(page)
        page.click("nav >> text=Contacts")
        print("ready", flush=True)

        # Bob chose her: his request shows on Contacts as a banner.
        page.wait_for_selector("#nearby-banner button[value=yes]")
        seen["banner"] = page.inner_text("#nearby-banner")
        seen["bannerAxe"] = screens.axe(page)
        shoot(page, "face-to-face-ex4-banner")
        page.click("#nearby-banner button[value=yes]")
        # Accept shows her own card first (EX-2), with one button that accepts.
        page.wait_for_selector("#live button.primary[value=yes]:has-text('Accept and exchange cards')")
        seen["reviewed"] = page.inner_text("#live")
        seen["reviewedAxe"] = screens.axe(page)
        page.click("#live button.primary[value=yes]")
        screens.write_and_finish(page, "Hi Bob", seen, 2)
    browser.close()

print(json.dumps(seen), flush=True)
