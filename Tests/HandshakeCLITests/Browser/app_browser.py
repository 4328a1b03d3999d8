"""Drives `handshake app` in Debian's Chromium with Playwright, as a person would, and prints what it saw
as one JSON object (the Swift test decides what is right). Arguments: the launch URL the program printed,
and the folder for screenshots. The home holds one contact whose name is markup."""
import json
import sys
import urllib.error
import urllib.request

from playwright.sync_api import sync_playwright

import screens

launch_url, artifacts, card_text, tampered_text, their_code = sys.argv[1:6]
base = launch_url.split("/contacts")[0]
port = base.rsplit(":", 1)[1]
seen = {"dialogs": []}


def shoot(page, name):
    screens.shoot(page, artifacts, name)


def status_of(request):
    try:
        return urllib.request.urlopen(request, timeout=10).status
    except urllib.error.HTTPError as error:
        return error.code


# A page of another site that reaches the port under its own name (DNS rebinding) names its own host.
seen["foreignHostStatus"] = status_of(urllib.request.Request(f"{base}/contacts", headers={"Host": f"rebind.example:{port}"}))

with sync_playwright() as playwright:
    browser, context, page = screens.open_page(playwright, seen["dialogs"])
    page.set_default_timeout(15000)

    # Without the launch secret: refused, with a page that says how to open the app.
    response = page.goto(f"{base}/contacts")
    seen["noSecretStatus"] = response.status
    seen["noSecretHeading"] = page.inner_text("h1")
    shoot(page, "no-secret")

    # With it: the secret leaves the URL for a cookie, and the list shows the contact's name as text.
    page.goto(launch_url)
    seen["listURL"] = page.url
    seen["cookie"] = [
        {"httpOnly": c["httpOnly"], "sameSite": c["sameSite"]} for c in context.cookies() if c["name"] == "handshake-app"
    ]
    seen["listText"] = page.inner_text("ul.contacts")
    seen["imagesInMain"] = page.locator("main img").count()
    shoot(page, "contacts")

    # Search as the book searches, as the person types (no button pressed).
    page.fill("#q", "nobody-like-this")
    page.wait_for_selector("#results >> text=Nobody matches")
    seen["searchText"] = page.inner_text("main")
    seen["searchURL"] = page.url

    # Contact info: the name as the heading, an alias saved.
    page.goto(f"{base}/contacts")
    page.click("ul.contacts a")
    contact_url = page.url
    seen["infoHeading"] = page.inner_text("h1")
    page.fill("#alias", "Eve from the conference")
    page.click("text=Save alias")
    seen["aliasHeading"] = page.inner_text("h1")
    seen["aliasStatus"] = page.inner_text("[role=status]")

    # Settings: a tag and a pin.
    page.fill("#tag", "conference")
    page.click("button[value=addTag]")
    seen["tags"] = page.inner_text("ul.tags")
    page.click("button[value=pin]")

    # The security code: a wrong one marks nothing; the one their device shows, pasted, marks it compared.
    page.fill("#theirs", "1" * 60)
    page.click("button:has-text(\"Compare\")")
    seen["mismatch"] = page.inner_text("[role=alert]")
    page.fill("#theirs", their_code)
    page.click("button:has-text(\"Compare\")")
    seen["codeStatus"] = page.inner_text("[role=status]")
    seen["codeCompared"] = page.inner_text("p.verified")
    shoot(page, "contact")

    # Block, from the danger zone; the list then shows them pinned and blocked.
    page.click("button[value=block]")
    seen["blockedStanding"] = page.inner_text("h1 + p")
    seen["unblockOffered"] = page.locator("button[value=unblock]").count()
    page.goto(f"{base}/contacts")
    seen["pinnedList"] = page.inner_text("main")

    # My card: the QR code is drawn.
    page.click("nav >> text=My card")
    seen["cardHeading"] = page.inner_text("h1")
    seen["qrDrawn"] = page.locator(".qr svg").count()
    shoot(page, "my-card")

    # Edit my card: a company saved and shown; an address that is not one refused with its reason.
    page.click("text=Edit my card")
    page.fill("#company", "Analytical Engines")
    page.click("text=Save my card")
    seen["cardSaved"] = page.inner_text("[role=status]")
    seen["cardFields"] = page.inner_text("main dl")
    page.click("text=Edit my card")
    page.fill("#emails", "not an address")
    page.click("text=Save my card")
    seen["cardRefusal"] = page.inner_text("[role=alert]")
    shoot(page, "edit-card-refused")

    # Settings: the backup code only when asked; a default saved.
    page.click("nav >> text=Settings")
    seen["backupHiddenFirst"] = page.locator("#backup-code").count()
    page.click("text=Show my backup code")
    seen["backupCode"] = page.inner_text("#backup-code")
    page.select_option("#default-calls", "no")
    page.click("text=Save the defaults")
    seen["defaultsSaved"] = page.inner_text("[role=status]")
    seen["callsDefault"] = page.input_value("#default-calls")
    shoot(page, "settings")

    # A change posted from another origin, with the session cookie the browser would attach: refused.
    forged = context.request.post(
        contact_url + "/delete", form={"csrf": "guess"}, headers={"Origin": "http://evil.example"}, max_redirects=0
    )
    seen["crossOriginStatus"] = forged.status
    same_origin_no_token = context.request.post(
        contact_url + "/delete", form={"csrf": "guess"}, headers={"Origin": base}, max_redirects=0
    )
    seen["wrongTokenStatus"] = same_origin_no_token.status

    # Delete, after the confirmation page.
    page.goto(contact_url)
    page.click("text=Delete")
    seen["confirmHeading"] = page.inner_text("h1")
    shoot(page, "delete")
    page.click("button.danger")
    seen["afterDeleteURL"] = page.url
    seen["afterDeleteText"] = page.inner_text("main")
    shoot(page, "contacts-empty")

    # Add: a tampered card is refused with its reason and stores nothing.
    page.click("nav >> text=Add")
    page.fill("#card", tampered_text)
    page.click("text=Read the card")
    seen["tamperedAlert"] = page.inner_text("[role=alert]")
    shoot(page, "add-refused")
    page.goto(f"{base}/contacts")
    seen["afterRefusalText"] = page.inner_text("main")

    # The card itself: the confirmation screen, then Add, then their page with the offer to show ours.
    page.click("nav >> text=Add")
    page.fill("#card", card_text)
    page.click("text=Read the card")
    seen["addHeading"] = page.inner_text("h1")
    seen["addVerified"] = page.inner_text(".verified")
    shoot(page, "add-confirm")
    page.click("button[value=add]")
    seen["addedHeading"] = page.inner_text("h1")
    seen["addedNotice"] = page.inner_text("[role=status]")
    page.click("nav >> text=Contacts")
    seen["finalListText"] = page.inner_text("ul.contacts")
    browser.close()

print(json.dumps(seen))
