"""The card page in Chromium with a phone's screen and touch (390 x 844), against a real `handshake serve`:
Ada's card from a card page link (`/c#digits`) and from her share link, each verified by the page; Save to
Contacts downloaded (and read back with vobject, which we did not write); Send yours back from two visitors
(two browser profiles: two keys); a second visit that is the same person; the share page without script; a
tampered link, a card signed by another key than its Node ID and a browser without Ed25519; a card of hostile
text; axe-core on the page; the bytes the page loads. Prints what it saw as one JSON object.
A WebCrypto failure and a page without WebCrypto are refusals; a second card link in the same tab shows
the second card; the form refuses a name of spaces and a name over the card's limit (counted by scalar, not
cut by maxlength); two tabs sending at once make one key.
Argument: a JSON file {"artifacts", "pageLink", "shareLink", "tampered", "otherKey", "hostile",
"otherPageLink", "twoTabsLink"}."""
import json
import sys
import time

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import sync_playwright
import vobject

given = json.load(open(sys.argv[1]))
artifacts = given["artifacts"]
seen = {"dialogs": []}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def read_vcard(text):
    """What vobject reads from a vCard: its fields, and the signed card's property."""
    card = vobject.readOne(text)
    values = lambda name: [item.value for item in card.contents.get(name, [])]
    return {"fn": card.fn.value, "org": [" ".join(v) if isinstance(v, list) else v for v in values("org")],
            "title": values("title"), "email": values("email"), "tel": values("tel"),
            "nodeId": values("x-handshake-nodeid"), "card": values("x-handshake-card"), "text": text}


def visitor(browser, **options):
    context = browser.new_context(accept_downloads=True, **PHONE, **options)
    page = context.new_page()
    page.on("dialog", lambda dialog: (seen["dialogs"].append(dialog.message), dialog.dismiss()))
    page.set_default_timeout(20000)
    return context, page


def shown(page):
    """The card as the page shows it, once it has decided."""
    page.wait_for_selector("#status.verified, #status.unchecked, h1.refusal")
    return {
        "heading": page.inner_text("h1"),
        "status": page.inner_text("#status") if page.is_visible("#status") else None,
        "details": [[dt.inner_text(), dd.inner_text()] for dt, dd in zip(page.query_selector_all("#card dt"), page.query_selector_all("#card dd"))],
        "images": page.locator("#card img").count(),
        "saveOffered": page.is_visible("#save"),
        "replyOffered": page.is_visible("#reply-form"),
        # A refusal: what to do next, and the exact reason under Details.
        "next": page.inner_text("#card p.next") if page.locator("#card p.next").count() else None,
        "why": page.text_content("#card details p") if page.locator("#card details p").count() else None,
    }


def save(page, name):
    with page.expect_download() as download:
        page.click("#save")
    path = f"{artifacts}/{name}"
    download.value.save_as(path)
    return {"file": download.value.suggested_filename, **read_vcard(open(path, encoding="utf-8", newline="").read())}


def reply(page, fields):
    for name, value in fields.items():
        page.fill(f"#reply-form input[name={name}]", value)
    page.tap("#reply-form button")
    # Polled (the page's policy forbids the evaluated strings wait_for_function uses), for at most 20 s.
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        said = page.inner_text("#reply-status")
        if said and not said.startswith("Sending"):
            return said
        page.wait_for_timeout(50)
    return "(no answer within 20 s)"


with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    try:
        # Bea opens Ada's card page link, as a phone's camera would: the page loads only its own files.
        context, page = visitor(browser)
        page.goto(given["pageLink"])
        seen["page"] = shown(page)
        seen["loaded"] = page.evaluate("""[...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
            .map((entry) => [entry.name.split('#')[0], entry.encodedBodySize, entry.decodedBodySize])""")
        seen["pageAxe"] = [violation["id"] for violation in Axe().run(page).response["violations"]]
        page.screenshot(path=f"{artifacts}/card-page-phone.png", full_page=True)
        seen["pageVCard"] = save(page, "from-card-page.vcf")
        seen["pageReply"] = reply(page, {"name": "Bea Browser", "email": "bea@example.com", "phone": "+1 555 0100", "company": "Web Works", "title": "Tester"})
        page.screenshot(path=f"{artifacts}/card-page-sent-phone.png", full_page=True)
        # A second visit is the same person: the server already holds Bea's request.
        page.reload()
        shown(page)
        seen["prefilled"] = page.input_value("#reply-form input[name=name]")
        seen["secondReply"] = reply(page, {})
        context.close()

        # Without script the share page still shows the card and its vCard (before Cy uses the link up).
        context, page = visitor(browser, java_script_enabled=False)
        page.goto(given["shareLink"])
        seen["noScript"] = {"heading": page.inner_text("h1"), "status": page.inner_text("#status"),
                            "details": page.inner_text("#card dl"), "replyOffered": page.is_visible("#reply-form")}
        seen["noScriptVCard"] = save(page, "without-script.vcf")
        context.close()

        # The link's older form, with no owner in it, opens the same page, whose files load from the root.
        context, page = visitor(browser)
        page.goto(given["shareLink"].rsplit("/", 1)[0])
        seen["shareWithoutOwner"] = shown(page)
        # A server that lies: the link names another owner, and the page the server sends holds Ada's card.
        # The page checks the card against the owner its own address names, and refuses it.
        page.route(given["wrongOwnerLink"], lambda route: route.fulfill(response=route.fetch(url=given["shareLink"])))
        page.goto(given["wrongOwnerLink"])
        seen["wrongOwner"] = shown(page)
        context.close()

        # Cy opens Ada's share link: the same page, its card from the server, answered through the link.
        context, page = visitor(browser)
        page.goto(given["shareLink"])
        seen["share"] = shown(page)
        seen["shareAxe"] = [violation["id"] for violation in Axe().run(page).response["violations"]]
        seen["shareVCard"] = save(page, "from-share-link.vcf")
        seen["shareReply"] = reply(page, {"name": "Cy Share", "title": "Reader"})
        page.screenshot(path=f"{artifacts}/share-link-phone.png", full_page=True)
        context.close()

        # Refusals: nothing but the sentence.
        context, page = visitor(browser)
        for name in ["tampered", "otherKey"]:
            page.goto("about:blank")
            page.goto(given[name])
            seen[name] = shown(page)
        page.goto("about:blank")
        page.goto(given["hostile"])
        seen["hostile"] = shown(page)
        page.screenshot(path=f"{artifacts}/card-page-hostile-phone.png", full_page=True)
        context.close()

        # A browser without Ed25519: the card is offered, marked unchecked, and nothing is sent.
        context, page = visitor(browser)
        page.add_init_script("""
            const importKey = crypto.subtle.importKey.bind(crypto.subtle);
            crypto.subtle.importKey = (format, key, algorithm, ...rest) => algorithm.name === 'Ed25519'
                ? Promise.reject(new DOMException('Ed25519 is not supported', 'NotSupportedError')) : importKey(format, key, algorithm, ...rest);
        """)
        page.goto(given["pageLink"])
        seen["unchecked"] = shown(page)
        context.close()

        # WebCrypto failing for another reason than support: never "changed after it was signed".
        context, page = visitor(browser)
        page.add_init_script("""
            crypto.subtle.verify = () => Promise.reject(new DOMException('the operation failed', 'OperationError'));
        """)
        page.goto(given["pageLink"])
        seen["cryptoFailed"] = shown(page)
        context.close()

        # No WebCrypto at all (a page that is not https): not even the Node ID can be checked, nothing shown.
        context, page = visitor(browser)
        page.add_init_script("Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined });")
        page.goto(given["pageLink"])
        seen["noCrypto"] = shown(page)
        context.close()

        # A second card link in the same tab shows the second card.
        context, page = visitor(browser)
        page.goto(given["pageLink"])
        shown(page)
        page.goto(given["otherPageLink"])
        page.wait_for_timeout(300)
        seen["secondFragment"] = shown(page)
        # The form's rules are the card's: spaces are no name, and a long name is refused, never cut.
        seen["spacesName"] = reply(page, {"name": "   "})
        page.fill("#reply-form input[name=name]", "\U0001F600" * 70)
        seen["longNameKept"] = len(page.input_value("#reply-form input[name=name]"))
        seen["longName"] = reply(page, {})
        context.close()

        # Two tabs of one browser sending at once make one key: one request is sent, the other is that
        # key's second.
        context, _ = visitor(browser)
        tabs = [context.new_page(), context.new_page()]
        for tab in tabs:
            tab.set_default_timeout(20000)
            tab.goto(given["twoTabsLink"])
            shown(tab)
            tab.fill("#reply-form input[name=name]", "Tab Twin")
        for tab in tabs:
            tab.tap("#reply-form button")
        answers = []
        for tab in tabs:
            deadline = time.monotonic() + 20
            said = ""
            while time.monotonic() < deadline:
                said = tab.inner_text("#reply-status")
                if said and not said.startswith("Sending"):
                    break
                tab.wait_for_timeout(50)
            answers.append(said)
        seen["twoTabs"] = answers
        context.close()
    finally:
        browser.close()

json.dump(seen, sys.stdout)
