"""One side of seed 001's face-to-face journey between two `handshake app`s, in Chromium with Playwright inside
its person's network namespace: open Face to face and look (showing the name), tap the other person in the
list (EX-1), see the one-glance confirm with one's own card (EX-2), then, once the test writes "go" on
standard input (both have tapped: a mutual tap), press its one button; on the success screen (EX-5) write a
note, read theirs, and Done back to Contacts. Prints "chosen" when on the confirm screen, then one JSON object
of what it saw. Arguments: the launch URL, the folder for screenshots, the other person's name, the note, and
"shoot" to take the screenshots."""
import json
import sys

from playwright.sync_api import sync_playwright

import screens

launch_url, artifacts, other, note = sys.argv[1:5]
shooting = len(sys.argv) > 5 and sys.argv[5] == "shoot"
seen = {"dialogs": []}

# The contrast of the common-friend count against its button, as WCAG 2 computes it.
CONTRAST = """element => {
  const channel = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
  const luminance = rgb => { const [r, g, b] = rgb.match(/[0-9.]+/g).map(Number); return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b); };
  const button = element.closest("button");
  const [a, b] = [luminance(getComputedStyle(element).color), luminance(getComputedStyle(button).backgroundColor)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def shoot(page, name):
    if shooting:
        screens.shoot(page, artifacts, name)


with sync_playwright() as playwright:
    browser, _, page = screens.open_page(playwright, seen["dialogs"])
    with screens.telling_the_screen(page, f"The screen of the one tapping {other} showed:\n", "body"):
        page.set_default_timeout(45000)
        page.goto(launch_url)
        seen["showNameUnticked"] = screens.start_looking(page)
        # The other person appears with their common-friend count, found before anyone chose. A locator finds
        # the button afresh at the click: the list is drawn again whenever someone in it changes.
        person = page.locator(f"ul.people button.person:has-text('{other}'):has-text('common friend')")
        person.wait_for()
        seen["people"] = page.inner_text("ul.people")
        seen["countContrast"] = round(page.locator("ul.people .friends").first.evaluate(CONTRAST), 2)
        seen["discoveryAxe"] = screens.axe(page)
        shoot(page, "face-to-face-ex1-discovery")
        clicks = 0
        person.click()
        clicks += 1
        exchange = page.locator("#live button.primary[value=yes]")
        exchange.wait_for()
        seen["confirm"] = page.inner_text("#live")
        seen["confirmAxe"] = screens.axe(page)
        shoot(page, "face-to-face-ex2-confirm")
        print("chosen", flush=True)
        if sys.stdin.readline().strip() != "go":
            raise SystemExit("the test did not say go")
        # The button may have become "Accept and exchange cards" (their request came first): the same button.
        exchange.click()
        clicks += 1
        screens.write_and_finish(page, note, seen, clicks, shoot=lambda name: shoot(page, name))
    browser.close()

print(json.dumps(seen), flush=True)
