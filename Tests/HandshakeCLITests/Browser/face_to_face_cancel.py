"""Seed 001's "Declined → back to EX-1", between two `handshake app`s in Chromium with Playwright, one side per
run of this script inside its person's network namespace. Both look for people nearby; each attempt that ends
short leaves both lists as they were, and the last one completes:

1. "asker" (Ada) taps Bob Babbage and, on her own card (EX-2), presses Cancel: her list is back ("cancelled");
   told "look", "answerer" (Bob) still lists her ("listed"). Before it, Ada records the thumbnail of Bob's
   card photo in his row (his list session sent it), as Chromium decoded it.
2. Ada asks (EX-3, "waiting"); told "request", Bob sees her request (EX-4, "asked"); told "cancel", Ada
   presses Cancel request ("withdrawn"); told "gone", Bob is back at his list, told she cancelled ("listed").
3. Ada asks again ("waiting"); told "request", Bob declines ("declined"); told "declined", Ada is back at her
   list, told he declined ("told").
4. Ada asks again ("waiting"); told "request", Bob accepts, sees his own card and confirms ("crossed"); told
   "crossed", Ada sees the cards crossed ("crossed").

Each step's screen text goes in one JSON object printed at the end. Arguments: the launch URL and the role."""
import json
import sys

from playwright.sync_api import sync_playwright

import screens

launch_url, role = sys.argv[1:3]
seen = {"dialogs": []}
LIST = "#live ul.people button.person"


def back_at_the_list(page, other, told, key):
    """Waits until the list shows `other` again and its log says `told`; records the screen as `key`."""
    page.wait_for_selector(f"{LIST}:has-text('{other}')")
    page.wait_for_selector(f"#live ul.log li:has-text('{told}')")
    seen[key] = page.inner_text("#live")


def ask(page):
    """Ada taps Bob and presses the confirm screen's one button: her request waits (EX-3)."""
    page.locator(f"{LIST}:has-text('Bob Babbage')").click()
    page.locator("#live button.primary[value=yes]").click()
    page.wait_for_selector("#live .waiting:has-text('Request sent')")
    say("waiting")


expect_line, say = screens.expect_line, screens.say

with sync_playwright() as playwright:
    with screens.browsing(playwright, seen, launch_url, role) as page:
        screens.start_looking(page)
        if role == "asker":
            # Bob's card has a photo: its thumbnail came in his list session, before anyone chose.
            thumb = page.locator(f"{LIST}:has-text('Bob Babbage') img.thumb")
            thumb.wait_for()
            seen["bobsThumbnail"] = thumb.evaluate(
                "i => ({naturalWidth: i.naturalWidth, bytes: Math.floor(i.src.split(',')[1].length * 3 / 4)})")
            page.locator(f"{LIST}:has-text('Bob Babbage')").click()
            page.wait_for_selector("#live button.primary[value=yes]")
            seen["ownCard"] = page.inner_text("#live")
            page.locator("#live button:has-text('Cancel')").click()
            back_at_the_list(page, "Bob Babbage", "You closed the exchange", "afterCancel")
            say("cancelled")

            expect_line("ask")
            ask(page)
            expect_line("cancel")
            page.locator("#live button:has-text('Cancel request')").click()
            back_at_the_list(page, "Bob Babbage", "You cancelled your request", "afterCancelRequest")
            say("withdrawn")

            expect_line("ask")
            ask(page)
            expect_line("declined")
            back_at_the_list(page, "Bob Babbage", "They declined", "afterDeclined")
            say("told")

            expect_line("ask")
            ask(page)
            expect_line("crossed")
            page.wait_for_selector("#live h2.success")
            seen["success"] = page.inner_text("#live")
            say("crossed")
        else:
            accept = page.locator("#live button[value=yes]:has-text('Accept')")
            expect_line("look")
            page.wait_for_selector(f"{LIST}:has-text('Ada Lovelace')")
            seen["listAfterHerCancel"] = page.inner_text("#live")
            seen["adasThumbnail"] = page.locator(f"{LIST}:has-text('Ada Lovelace') img.thumb").count()
            say("listed")

            expect_line("request")
            accept.wait_for()
            say("asked")
            expect_line("gone")
            back_at_the_list(page, "Ada Lovelace", "They cancelled their request", "afterTheyCancelled")
            say("listed")

            expect_line("request")
            accept.wait_for()
            page.locator("#live button[value=no]:has-text('Decline')").click()
            back_at_the_list(page, "Ada Lovelace", "You declined", "afterDeclining")
            say("declined")

            expect_line("request")
            accept.wait_for()
            accept.click()
            page.click("#live button.primary[value=yes]:has-text('Accept and exchange cards')")
            page.wait_for_selector("#live h2.success")
            seen["success"] = page.inner_text("#live")
            say("crossed")

print(json.dumps(seen), flush=True)
