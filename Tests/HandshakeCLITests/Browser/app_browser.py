"""Drives `handshake app` in Debian's Chromium with Playwright, as a person would, and prints what it saw
as one JSON object (the Swift test decides what is right). Arguments: the launch URL the program printed,
the folder for screenshots, Bob's card text, a tampered copy, the security code Eve's device shows, and the
PNG files of Bob's and Eve's QR codes. The home holds one contact whose name is markup."""
import http.server
import json
import os
import random
import sys
import tempfile
import threading
import urllib.error
import urllib.request

from PIL import Image, ImageFilter
from playwright.sync_api import sync_playwright

import screens

launch_url, artifacts, card_text, tampered_text, their_code, bobs_qr, eves_qr = sys.argv[1:8]
work = tempfile.mkdtemp()
base = launch_url.split("/contacts")[0]
port = base.rsplit(":", 1)[1]
seen = {"dialogs": []}


def shoot(page, name):
    screens.shoot(page, artifacts, name)


def photograph(qr_png, path):
    """A phone's photo of a QR code on a screen: tilted, on a desk, a little soft and noisy, as a JPEG."""
    code = Image.open(qr_png).convert("RGB").resize((420, 420), Image.NEAREST)
    desk = Image.new("RGB", (900, 700), (142, 120, 96))
    tilted = code.rotate(9, resample=Image.BICUBIC, expand=True, fillcolor=(142, 120, 96))
    desk.paste(tilted, (180, 90))
    desk = desk.filter(ImageFilter.GaussianBlur(1.2))
    noise = random.Random(7)
    pixels = desk.load()
    for _ in range(40000):
        x, y = noise.randrange(900), noise.randrange(700)
        r, g, b = pixels[x, y]
        d = noise.randint(-40, 40)
        pixels[x, y] = (max(0, min(255, r + d)), max(0, min(255, g + d)), max(0, min(255, b + d)))
    desk.save(path, "JPEG", quality=75)
    return path


def camera_feed(qr_png, path):
    """A camera's view of a QR code, as Chromium's fake camera plays it: MJPEG frames, 640×480."""
    frame = Image.new("RGB", (640, 480), (235, 235, 230))
    frame.paste(Image.open(qr_png).convert("RGB").resize((400, 400), Image.NEAREST), (120, 40))
    with open(path, "wb") as feed:
        for _ in range(5):
            single = os.path.join(work, "frame.jpg")
            frame.save(single, "JPEG", quality=90)
            with open(single, "rb") as jpeg:
                feed.write(jpeg.read())
    return path


class OtherLocalServer:
    """Another local web server, as a developer's machine has them: records the Cookie header of each visit."""

    def __init__(self):
        cookies = self.cookies = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                cookies.append(self.headers.get("Cookie"))
                self.send_response(200)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *arguments):
                pass

        self.server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()


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
        {"name": c["name"], "domain": c["domain"], "httpOnly": c["httpOnly"], "sameSite": c["sameSite"]}
        for c in context.cookies()
        if c["name"].startswith("handshake-app")
    ]
    # Another server on this computer, at 127.0.0.1, visited in the same browser: the app's cookie must not
    # reach it (cookies ignore ports; the app's own address is what keeps it apart).
    other = OtherLocalServer()
    page.goto(f"http://127.0.0.1:{other.port}/")
    seen["cookieAtOtherServer"] = other.cookies
    other.stop()
    page.goto(launch_url.split("?")[0])
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

    # The filters: by trust level and by tag, redrawn as they change.
    page.select_option("#trust", "known")
    page.wait_for_selector("#results >> text=Nobody matches these filters.")
    page.select_option("#trust", "blocked")
    page.select_option("#tag", "conference")
    page.wait_for_selector("#results ul.contacts")
    # The address follows the list once the last filter's answer is drawn.
    page.wait_for_url(lambda url: url.endswith("/contacts?trust=blocked&tag=conference"))
    seen["filteredList"] = page.inner_text("#results")
    seen["filteredURL"] = page.url
    page.select_option("#trust", "")
    page.select_option("#tag", "")

    # Pass on their card: a vCard file, exactly as they signed it.
    page.goto(contact_url)
    with page.expect_download() as download_info:
        page.click("text=Download their card (vCard)")
    download = download_info.value
    exported = os.path.join(work, "exported.vcf")
    download.save_as(exported)
    seen["exportedName"] = download.suggested_filename
    seen["exportedCard"] = open(exported, encoding="utf-8").read()

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

    # A photo straight from a camera (1600×1200): shrunk to fit the card and saved; then links, one per line.
    camera_photo = os.path.join(work, "portrait.jpg")
    portrait = Image.new("RGB", (1600, 1200), (90, 120, 160))
    for x in range(0, 1600, 40):
        portrait.paste((200, 170, 120), (x, 0, x + 20, 1200))
    portrait.save(camera_photo, "JPEG", quality=95)
    page.wait_for_load_state()  # the page's script listens for the choice once the page has loaded
    page.set_input_files("#photo", camera_photo)
    page.wait_for_selector("[role=status]:has-text('Photo saved')")
    seen["photoSaved"] = page.inner_text("[role=status]")
    seen["avatarShown"] = page.locator("section.photo img.avatar").count()
    page.fill("#links", "github=https://github.com/ada\nnot a link")
    page.click("text=Save my card")
    seen["linkRefusal"] = page.inner_text("[role=alert]")
    page.fill("#links", "github=https://github.com/ada\nmastodon=@ada@example.social")
    page.click("text=Save my card")
    seen["linksSaved"] = page.inner_text("main dl")
    seen["myCardAvatar"] = page.locator("main img.avatar").count()
    page.click("text=Edit my card")
    seen["linksBox"] = page.input_value("#links")
    shoot(page, "edit-card")

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
    page.click("a[href$='/delete']")
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

    # A picture with no QR code in it: a sentence, and nothing changes.
    plain = os.path.join(work, "plain.jpg")
    Image.new("RGB", (320, 240), (200, 180, 160)).save(plain, "JPEG")
    page.click("nav >> text=Add")
    page.wait_for_load_state()  # the page's script listens for the choice once the page has loaded
    page.set_input_files("#picture", plain)
    page.wait_for_selector("#picture-status:has-text('No QR code')")
    seen["noCodeStatus"] = page.inner_text("#picture-status")
    seen["cameraOffered"] = page.locator("#camera:visible").count()
    shoot(page, "add")

    # A photo of Bob's QR code: the app finds the code, then the confirmation screen, then Add, then his page
    # with the offer to show ours.
    page.wait_for_load_state()  # the page's script listens for the choice once the page has loaded
    page.set_input_files("#picture", photograph(bobs_qr, os.path.join(work, "bob-photo.jpg")))
    page.wait_for_selector("h1:has-text('Bob Babbage')")
    seen["addHeading"] = page.inner_text("h1")
    seen["addVerified"] = page.inner_text(".verified")
    shoot(page, "add-confirm")
    page.click("button[value=add]")
    seen["addedHeading"] = page.inner_text("h1")
    seen["addedNotice"] = page.inner_text("[role=status]")
    page.click("nav >> text=Contacts")
    seen["finalListText"] = page.inner_text("ul.contacts")

    # Settings: a move to a new key, said before and after.
    page.click("nav >> text=Settings")
    seen["keyMoveQuestion"] = page.inner_text("h2:has-text('Your key') + p")
    page.click("button:has-text('Move to a new key')")
    seen["keyMoved"] = page.inner_text("[role=status]")
    shoot(page, "key-moved")
    browser.close()

    # The camera, live: Chromium's fake camera plays a view of Eve's QR code; the app reads the frames.
    feed = camera_feed(eves_qr, os.path.join(work, "eve.mjpeg"))
    camera_browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=[
        "--no-sandbox", "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={feed}",
    ])
    camera_context = camera_browser.new_context(viewport=screens.SIZES[0][1])
    camera_context.grant_permissions(["camera"], origin=base)
    camera_page = camera_context.new_page()
    camera_page.on("dialog", lambda dialog: (seen["dialogs"].append(dialog.message), dialog.dismiss()))
    camera_page.set_default_timeout(20000)
    camera_page.goto(launch_url)
    camera_page.click("nav >> text=Add")
    camera_page.click("#camera")
    camera_page.wait_for_selector("button[value=add]")
    seen["cameraHeading"] = camera_page.inner_text("h1")
    camera_browser.close()

print(json.dumps(seen))
