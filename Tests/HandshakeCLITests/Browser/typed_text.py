"""What a person typed comes back as typed, in Debian's Chromium: the card editor of `handshake app` keeps a
bio's lines when another field is saved and when the bio itself is typed on two lines; and boxes the web app's
HTML renderer refilled (a textarea and an input holding hidden characters) hold exactly the text they were
given, as the browser reads it back (`.value`, what a form sends).
Arguments: the launch URL, then a JSON object {"page": HTML with a textarea#box and an input#line}.
Prints what it saw as one JSON object."""
import json
import sys

from playwright.sync_api import sync_playwright

from screens import open_page

url, rendered = sys.argv[1], json.loads(sys.argv[2])
origin = url.split("/contacts")[0]
seen = {"dialogs": []}

with sync_playwright() as playwright:
    browser, context, page = open_page(playwright, seen["dialogs"])
    page.goto(url)
    # A bio set with `card set` on three lines, then another field saved from the editor.
    page.goto(origin + "/card/edit")
    seen["bioShown"] = page.input_value("#bio")
    page.fill("#title", "Analyst")
    page.click("text=Save my card")
    page.wait_for_load_state("load")
    seen["savedAfterTitle"] = page.inner_text("[role=status]")
    page.goto(origin + "/card/edit")
    seen["bioAfterTitle"] = page.input_value("#bio")
    # A bio typed on two lines in the box itself.
    page.fill("#bio", "Typed here\nand on a second line")
    page.click("text=Save my card")
    page.wait_for_load_state("load")
    page.goto(origin + "/card/edit")
    seen["bioTyped"] = page.input_value("#bio")
    # The renderer's boxes, read back by the browser.
    page.set_content(rendered["page"])
    seen["boxValue"] = page.input_value("#box")
    seen["lineValue"] = page.input_value("#line")
    context.close()
    browser.close()

print(json.dumps(seen))
