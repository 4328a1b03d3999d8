"""Seed 001's request path and a person who leaves, between two `handshake app`s in Chromium with Playwright,
one side per run of this script inside its person's network namespace. Both look for people nearby.
"asker" (Ada) taps "Bob Babbage" and presses Exchange: her screen says the request is waiting (EX-3) and
prints "waiting". "answerer" (Bob) sees her request on Face to face (EX-4); once the test writes "go" he
accepts; on the success screen he prints "crossed", closes his page and prints "closed". The test writes
"closed" to Ada, who measures the seconds until her screen says he left; then "reopen" to Bob, who opens Face
to face again and records what it asks. Each prints one JSON object of what it saw. Arguments: the launch
URL, the folder for screenshots, and the role."""
import json
import sys
import time

from playwright.sync_api import sync_playwright

import screens

launch_url, artifacts, role = sys.argv[1:4]
base = launch_url.split("/contacts")[0]
seen = {"dialogs": []}


expect_line = screens.expect_line

with sync_playwright() as playwright:
    browser, context, page = screens.open_page(playwright, seen["dialogs"])
    with screens.telling_the_screen(page, f"{role}'s screen showed:\n", "body"):
        page.set_default_timeout(45000)
        page.goto(launch_url)
        screens.start_looking(page)
        if role == "asker":
            page.locator("ul.people button.person:has-text('Bob Babbage')").click()
            page.locator("#live button.primary[value=yes]").click()
            page.wait_for_selector("#live .waiting:has-text('Request sent')")
            seen["waiting"] = page.inner_text("#live")
            seen["waitingAxe"] = screens.axe(page)
            screens.shoot(page, artifacts, "face-to-face-ex3-waiting")
            print("waiting", flush=True)
            page.wait_for_selector("#live h2.success")
            expect_line("closed")
            closed = time.monotonic()
            page.wait_for_selector("#live .ending:has-text('left')", timeout=30000)
            seen["secondsUntilTold"] = round(time.monotonic() - closed, 3)
            seen["told"] = page.inner_text("#live .ending")
            seen["endedText"] = page.inner_text("#live")
            seen["endedAxe"] = screens.axe(page)
            screens.shoot(page, artifacts, "face-to-face-they-left")
        else:
            accept = page.locator("#live button[value=yes]:has-text('Accept')")
            accept.wait_for()
            seen["request"] = page.inner_text("#live")
            seen["requestAxe"] = screens.axe(page)
            screens.shoot(page, artifacts, "face-to-face-ex4-request")
            expect_line("go")
            accept.click()
            # Their own card first (EX-2): its one button accepts.
            page.click("#live button.primary[value=yes]:has-text('Accept and exchange cards')")
            page.wait_for_selector("#live h2.success")
            print("crossed", flush=True)
            page.close()
            print("closed", flush=True)
            expect_line("reopen")
            page = context.new_page()
            page.goto(base + "/nearby")
            seen["reopened"] = page.inner_text("main")
            seen["reopenedQuestions"] = page.locator("#live button[value=yes], #live button[value=merge], #live textarea").count()
            seen["reopenedAxe"] = screens.axe(page)
    browser.close()

print(json.dumps(seen), flush=True)
