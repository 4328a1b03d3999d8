"""What the browser scripts share: the two sizes every screen is checked at, a screenshot of a page at both,
a browser page that records every dialog a script might open, and the end of a face-to-face exchange."""
import contextlib
import sys
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


@contextlib.contextmanager
def telling_the_screen(page, heading, selector):
    """Runs the block; if it fails, prints `heading` and what `page` shows in `selector` to standard error (the
    test's message), then fails as it would have."""
    try:
        yield
    except Exception:
        try:
            print(heading + page.inner_text(selector), file=sys.stderr)
        except Exception:
            pass
        raise


@contextlib.contextmanager
def browsing(playwright, seen, url, who):
    """A page of Debian's Chromium at a phone's size on `url`, each wait at most 45 s, its dialogs recorded in
    `seen["dialogs"]`; if the block fails, what `who`'s screen showed goes to standard error first. The
    browser closes when the block ends."""
    browser, _, page = open_page(playwright, seen["dialogs"])
    with telling_the_screen(page, f"{who}'s screen showed:\n", "body"):
        page.set_default_timeout(45000)
        page.goto(url)
        yield page
    browser.close()


def expect_line(word):
    """The test's next line on standard input is `word` (the scripts that take turns with another wait so)."""
    line = sys.stdin.readline().strip()
    if line != word:
        raise SystemExit(f"the test said {line!r}, not {word!r}")


def say(word):
    """Tells the test that this side reached `word`, at once."""
    print(word, flush=True)


def axe(page):
    """The ids of the axe-core rules the page breaks (axe-playwright-python)."""
    from axe_playwright_python.sync_playwright import Axe

    return [violation["id"] for violation in Axe().run(page).response["violations"]]


def start_looking(page):
    """Opens Face to face, shows the person's name (off by default) and looks for people nearby."""
    page.click("nav >> text=Face to face")
    seen_unticked = not page.is_checked("input[name=showName]")
    page.check("input[name=showName]")
    page.click("button[value=discover]")
    page.wait_for_selector("#live .searching")
    return seen_unticked


def write_and_finish(page, note, seen, clicks, shoot=None):
    """The end of a face-to-face exchange on the success screen (EX-5): write `note` and send it, wait for
    theirs, then Done, back to Contacts. Records in `seen` the clicks (Done counts; the note does not), the
    success screen before and after the notes with axe-core's findings, and the first contact of the list.
    `shoot(name)`, when given, takes the success screen before and after the notes."""
    page.wait_for_selector("#live h2.success")
    page.wait_for_selector("#note")
    seen["successBefore"] = page.inner_text("#live")
    seen["successAxe"] = axe(page)
    if shoot:
        shoot("face-to-face-ex5-success")
    page.fill("#note", note)
    page.click("button[value=note]")
    page.wait_for_selector("#live .note.mine")
    page.wait_for_selector("#live .their-note p.note")
    seen["successAfter"] = page.inner_text("#live")
    seen["notesAxe"] = axe(page)
    if shoot:
        shoot("face-to-face-ex5-notes")
    page.click("#live button:has-text('Done')")
    clicks += 1
    page.wait_for_url("**/contacts?new=*")
    seen["clicks"] = clicks
    first = page.locator("ul.contacts li").first
    seen["firstContact"] = first.inner_text()
    seen["firstContactClass"] = first.get_attribute("class")
    seen["contactsAxe"] = axe(page)
    if shoot:
        shoot("face-to-face-done")
