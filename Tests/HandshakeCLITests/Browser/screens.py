"""What the browser scripts share: the two sizes every screen is checked at, a screenshot of a page at both,
and a browser page that records every dialog a script might open."""

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
