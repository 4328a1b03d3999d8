"""What the browser scripts share: the two sizes every screen is checked at, a screenshot of a page at both,
a browser page that records every dialog a script might open, and the end of a face-to-face exchange."""
import time

SIZES = [("phone", {"width": 390, "height": 844}), ("desktop", {"width": 1280, "height": 800})]


def shoot(page, artifacts, name):
    """Saves `name`-phone.png and `name`-desktop.png of the whole page in `artifacts`."""
    for size, viewport in SIZES:
        page.set_viewport_size(viewport)
        page.screenshot(path=f"{artifacts}/{name}-{size}.png", full_page=True)
    page.set_viewport_size(SIZES[0][1])


def open_page(playwright, dialogs):
    """Debian's Chromium, headless, at a phone's size; each dialog's message is added to `dialogs`."""
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    context = browser.new_context(viewport=SIZES[0][1])
    page = context.new_page()
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    return browser, context, page


def add_and_write(page, note, seen, clicks, shoot=None):
    """The end of a face-to-face exchange once their card is on screen: Add, write `note`, wait for the end.
    Records in `seen` the clicks, the seconds from the last click to success, how it ended, both notes and
    their contact page. `shoot(name)`, when given, takes the note box and the ending."""
    page.click("#live button[value=yes]")
    clicks += 1
    page.wait_for_selector("#note")
    page.fill("#note", note)
    if shoot:
        shoot("face-to-face-note")
    page.click("button[value=note]")
    clicks += 1
    last_click = time.monotonic()
    page.wait_for_selector("#live .ending")
    seen["secondsFromLastClickToSuccess"] = round(time.monotonic() - last_click, 3)
    seen["clicks"] = clicks
    seen["ending"] = page.inner_text("#live .ending")
    seen["notes"] = [element.inner_text() for element in page.query_selector_all("#live .note")]
    if shoot:
        shoot("face-to-face-done")
    page.click("text=See them in your contacts")
    seen["contactHeading"] = page.inner_text("h1")
    seen["contactText"] = page.inner_text("main")
