"""Ada's Face to face list in Chromium (Playwright) while a hostile device on the network advertises itself
with an instance label that would close the button's value attribute and add formaction=/contacts/1/delete
(a quote followed by U+0301, which Swift's Character-based escaping once let through), under the name
"Carol Herschel". It records what the person's button is (its attributes and text), clicks it, and reads
the contact list afterwards. Prints one JSON object. Arguments: the launch URL and the folder for screenshots."""
import json
import sys

from playwright.sync_api import sync_playwright

import screens

launch_url, artifacts = sys.argv[1:3]
seen = {"dialogs": []}

with sync_playwright() as playwright:
    browser, _, page = screens.open_page(playwright, seen["dialogs"])
    with screens.telling_the_screen(page, "Ada's screen showed:\n", "main"):
        page.set_default_timeout(45000)
        page.goto(launch_url)
        seen["contactsBefore"] = page.inner_text("main")
        page.click("nav >> text=Face to face")
        page.click("button[value=discover]")
        carol = page.locator("ul.people button.person:has-text('Carol Herschel')")
        carol.wait_for()
        seen["people"] = page.inner_text("ul.people")
        seen["button"] = carol.evaluate(
            "b => ({attributes: b.getAttributeNames().map(n => [n, b.getAttribute(n)]),"
            " text: b.innerText, formAction: b.formAction, formAttributes: b.form.getAttributeNames().map(n => [n, b.form.getAttribute(n)])})")
        seen["buttons"] = page.locator("ul.people button").count()
        screens.shoot(page, artifacts, "face-to-face-hostile-label")
        carol.click()
        # Choosing her starts a connection that fails (nobody listens there); the screen says so, in its log
        # (the list stays open for someone else) or as the session's ending.
        ended = page.wait_for_selector("#live .ending, #live ul.log li:has-text('Cannot reach')", timeout=60000)
        seen["ending"] = ended.inner_text()
        page.click("nav >> text=Contacts")
        seen["contactsAfter"] = page.inner_text("main")
    browser.close()

print(json.dumps(seen), flush=True)
