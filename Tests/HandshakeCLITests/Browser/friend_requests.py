"""Friend requests in `handshake app`, across a real `handshake serve`: Ada connects her app to the server in
Settings (a wrong address first), makes a share link, and Bob (the `handshake` program, on his own home)
sends her a request with it while her page is open; the request must appear without a reload; she accepts.
Then Eve (Bob's name) and Mallory (a name that looks like it) send requests: each is told apart from Bob, and
accepting Eve's asks first. Prints what it saw as one JSON object. Arguments: Ada's launch URL, the folder for
screenshots, the server's URL, the handshake binary, Bob's home, Carol's share link, Eve's and Mallory's homes."""
import json
import os
import subprocess
import sys

from playwright.sync_api import sync_playwright

import screens

launch_url, artifacts, server_url, binary, bobs_home, carols_link, eves_home, mallorys_home = sys.argv[1:9]
base = launch_url.split("/contacts")[0]
seen = {"dialogs": []}

with sync_playwright() as playwright:
  browser, context, page = screens.open_page(playwright, seen["dialogs"])
  try:
    page.set_default_timeout(45000)
    page.goto(launch_url)

    # Without a server, the screen says how to connect one.
    page.click("text=Friend requests")
    seen["noServerText"] = page.inner_text("main .notice")

    # Settings: an address where nothing answers is refused with its reason and changes nothing; then the server.
    page.click("nav >> text=Settings")
    page.fill("#server-address", "http://127.0.0.1:1")
    page.click("text=Connect and publish my card")
    seen["unreachableAlert"] = page.inner_text("[role=alert]")
    page.fill("#server-address", server_url)
    page.click("text=Connect and publish my card")
    seen["connected"] = page.inner_text("[role=status]")
    shoot_name = "settings-server"
    screens.shoot(page, artifacts, shoot_name)

    # A share link, shown with its QR code.
    page.goto(f"{base}/requests")
    page.click("text=Make a one-time share link")
    link = page.inner_text("#share-link")
    seen["link"] = link
    seen["linkQR"] = page.locator(".qr svg").count()

    # Bob sends a request with it while Ada's page stays open: it must appear without a reload.
    navigations = []
    page.on("framenavigated", lambda frame: navigations.append(frame.url) if frame == page.main_frame else None)
    environment = dict(os.environ, HANDSHAKE_HOME=bobs_home)
    sent = subprocess.run([binary, "request", "send", link, "--note", "Hi Ada, from Bob"], env=environment, capture_output=True, text=True)
    seen["bobSent"] = sent.returncode
    seen["bobSaid"] = sent.stdout + sent.stderr
    page.wait_for_selector("#live >> text=Hi Ada, from Bob")
    seen["navigationsBeforeItAppeared"] = len(navigations)
    seen["liveText"] = page.inner_text("#live")
    screens.shoot(page, artifacts, "friend-requests")

    # The count beside the link on Contacts.
    page.goto(f"{base}/contacts")
    page.wait_for_selector(".count:has-text('waiting')")
    seen["badge"] = page.inner_text(".count")

    # Accept: Bob is in Ada's contacts.
    page.click("text=Friend requests")
    page.click("button[value=accept]")
    seen["acceptedNotice"] = page.inner_text("[role=status]")
    seen["receivedAfter"] = page.inner_text("#live")
    page.goto(f"{base}/contacts")
    seen["contactsText"] = page.inner_text("ul.contacts")

    # Add, from Carol's share link pasted: her card comes from the server, verified; the link stays unused.
    page.click("nav >> text=Add")
    page.fill("#card", carols_link)
    page.click("text=Read the card")
    seen["linkHeading"] = page.inner_text("h1")
    seen["linkVia"] = page.inner_text("main p.muted")
    screens.shoot(page, artifacts, "add-share-link")
    page.click("button[value=add]")
    seen["linkAddedNotice"] = page.inner_text("[role=status]")

    # A name is a claim: a stranger under Bob's name, and one whose name only looks like it (a Cyrillic о),
    # each send a request; each is told apart on the page, and accepting one asks first.
    for key, home, note in [("namesake", eves_home, "Bob here, new phone"), ("lookalike", mallorys_home, "Bob again")]:
        page.goto(f"{base}/requests")
        page.click("text=Make a one-time share link")
        link = page.inner_text("#share-link")
        sent = subprocess.run([binary, "request", "send", link, "--note", note], env=dict(os.environ, HANDSHAKE_HOME=home), capture_output=True, text=True)
        seen[key + "Sent"] = sent.returncode
        item = page.locator(f"#live ul.requests li:has-text('{note}')")
        item.wait_for()
        seen[key + "Item"] = item.inner_text()
    screens.shoot(page, artifacts, "friend-requests-namesakes")
    page.locator("#live ul.requests li:has-text('Bob here, new phone') button[value=accept]").click()
    seen["namesakeQuestion"] = page.inner_text("#namesake-question")
    page.click("#namesake-question button:has-text('Accept as someone new')")
    seen["acceptedAnywayNotice"] = page.inner_text("[role=status]")
    page.goto(f"{base}/contacts")
    seen["contactsAfterNamesake"] = page.inner_text("ul.contacts")
  except Exception:
    try:
        print(f"At {page.url} the screen showed:\n" + page.inner_text("main"), file=sys.stderr)
    except Exception:
        pass
    raise
  browser.close()

print(json.dumps(seen))
