"""Every screen of `handshake app` holding the longest and most hostile text a card, the book or an address book
can bring, at a phone's size (390x844) in Debian's Chromium: for each screen, whether the page is wider than
the screen (document.documentElement.scrollWidth against innerWidth), which elements stick out past its right
edge, and axe-core's violations. Also the contact page's notes and preferences forms, used once each.
Prints what it saw as one JSON object.
Arguments: the launch URL, the artifacts folder, and a card's text to paste into Add (Bob's, every field long)."""
import json
import sys

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import sync_playwright

from screens import open_page

url, artifacts, pasted = sys.argv[1], sys.argv[2], sys.argv[3]
origin = url.split("/contacts")[0]
seen = {"screens": {}, "dialogs": []}
axe = Axe()

# The elements whose right edge is past the screen's, by tag, class and the start of their text: what to fix
# when a page is too wide.
WIDE = """() => Array.from(document.querySelectorAll('body *'))
  .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
  .slice(0, 8).map(e => e.tagName + '.' + e.className + ' ' + (e.textContent || '').slice(0, 40))"""


def check(page, name):
    """Measures the screen now shown, at 390 px, and keeps a screenshot of it."""
    page.wait_for_load_state("load")
    width = page.evaluate("() => ({scroll: document.documentElement.scrollWidth, inner: window.innerWidth})")
    violations = axe.run(page).response["violations"]
    seen["screens"][name] = {
        "scrollWidth": width["scroll"], "innerWidth": width["inner"], "wide": page.evaluate(WIDE),
        "axe": [f"{v['id']}: {v['nodes'][0]['target'] if v['nodes'] else ''}" for v in violations],
        "status": None,
    }
    page.screenshot(path=f"{artifacts}/long-text-{name}-phone.png", full_page=True)


with sync_playwright() as playwright:
    browser, context, page = open_page(playwright, seen["dialogs"])
    page.goto(url)
    check(page, "contacts")
    links = page.eval_on_selector_all("ul.contacts a", "links => links.map(a => a.getAttribute('href'))")
    seen["contactLinks"] = len(links)
    for number, href in enumerate(links):
        page.goto(origin + href)
        check(page, f"contact-{number}")
        seen.setdefault("contactText", []).append(page.inner_text("main"))
        seen.setdefault("contactNotes", []).append(page.input_value("#notes"))
    if links:
        page.goto(origin + links[0] + "/delete")
        check(page, "delete")
        # The notes and the preferences, saved from the contact page.
        page.goto(origin + links[0])
        page.fill("#notes", "First line\nSecond line")
        page.click("button[value=notes]")
        page.wait_for_load_state("load")
        seen["notesStatus"] = page.inner_text(".notice")
        seen["notesKept"] = page.input_value("#notes")
        page.select_option("#pref-calls", "no")
        page.click("text=Save preferences")
        page.wait_for_load_state("load")
        seen["afterPreferences"] = page.inner_text("main")[:400]
        chosen = page.query_selector("#pref-calls")
        seen["callsChosen"] = chosen.input_value() if chosen else None
        check(page, "contact-saved")
    for name, path in [("my-card", "/card"), ("edit-card", "/card/edit"), ("add", "/add"), ("face-to-face", "/nearby"),
                       ("requests", "/requests"), ("settings", "/settings"), ("missing-contact", "/contacts/999"),
                       ("unknown-path", "/no/such/page")]:
        response = page.goto(origin + path)
        check(page, name)
        seen["screens"][name]["status"] = response.status if response else None
    # Add: the long card pasted, its confirmation; then text that is no card, refused.
    page.goto(origin + "/add")
    page.fill("#card", pasted)
    page.click("form[action='/add'] button[type=submit]")
    page.wait_for_load_state("load")
    seen["confirmHeading"] = page.inner_text("h1")
    check(page, "add-confirm")
    page.goto(origin + "/add")
    page.fill("#card", "HS1:" + "W" * 300)
    page.click("form[action='/add'] button[type=submit]")
    page.wait_for_load_state("load")
    check(page, "add-refused")
    # A refusal page, without the session: it loads its stylesheet.
    fresh = browser.new_context(viewport={"width": 390, "height": 844})
    other = fresh.new_page()
    styles = []
    other.on("response", lambda r: styles.append(r.status) if r.url.endswith("/static/app.css") else None)
    other.goto(origin + "/contacts")
    seen["refusalStylesheet"] = styles
    seen["refusalFont"] = other.evaluate("() => getComputedStyle(document.body).fontFamily")
    fresh.close()
    context.close()
    browser.close()

print(json.dumps(seen))
