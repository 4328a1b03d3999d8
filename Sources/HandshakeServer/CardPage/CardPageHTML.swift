// Establishes the card page's document, one for both ways a card reaches it: `/c`, where the card rides in the
// URL's fragment and only the page's script ever reads it, and a share link's landing page, where the server
// puts the card in the page: shown for a browser without script (every field, the vCard link, what to do) and
// given to the script as its bytes, which it verifies itself and shows the same way. Written with HandshakeHTML
// (every value escaped by scalar); the script and the stylesheet are files of the page (CardPageAsset).
import Foundation
import HandshakeCore
import HandshakeHTML
import HandshakeMailbox

enum CardPageHTML {
    /// The page at `/c`: the same for every card, since the card is in the fragment the server never sees.
    static let fragmentPage = document(title: "A Handshake card", main: [], card: fragmentCard, status: "", actions: nil, help: fragmentHelp)

    /// The page's stylesheet and script, by their paths from the server's root: the same for a page at `/c`,
    /// `/share/contact/TOKEN` and `/share/contact/TOKEN/OWNER`.
    static let stylesheet = CardPageLink.path + "/page.css"
    static let script = CardPageLink.path + "/page.js"

    /// A share link's page for `signed`, the card of the link `token`'s owner (put in the page by the server).
    /// Its links name the owner (`TOKEN/OWNER`) whichever form of the link opened it.
    static func shareLink(_ signed: SignedCard, token: String, lifetime: TimeInterval) -> String {
        let name = signed.card.name ?? "Someone"
        let tokenAndOwner = token + "/" + signed.nodeID.rawValue
        return document(
            title: "\(name) on Handshake", main: [.data("card", Base64URL.encode(signed.bytes)), .data("token", token)],
            card: card(signed), status: "Checked by this server: signed by its own key, unchanged since. The name is what the card claims.",
            actions: HTML.a(.id("save"), .class("button"), .href(ShareLink.webPathPrefix + tokenAndOwner + "?" + vCardQuery), .download()) {
                HTML.text("Save to Contacts")
            },
            help: shareHelp(name: name, appLink: ShareLink.appLinkPrefix + tokenAndOwner, lifetime: lifetime))
    }

    /// The query that asks a share link's address for the card as a vCard instead of the page.
    static let vCardQuery = "format=vcf"

    /// The card as the app shows a contact: the photo, the name, then every other text field under its label.
    static func card(_ signed: SignedCard) -> HTML {
        let fields = signed.card.fields
        return .group {
            if let avatar = fields.avatar {
                HTML.img(.src("data:\(avatar.mediaType);base64," + Data(avatar.data).base64EncodedString()), .alt("Photo of \(fields.name ?? "Someone")"))
            }
            HTML.h1 { HTML.text(fields.name ?? "No name") }
            HTML.dl {
                for field in CardField.textFields where field != .name && !fields.value(of: field).isEmpty {
                    HTML.dt { HTML.text(field.label) }
                    HTML.dd { HTML.text(fields.value(of: field).joined(separator: ", ")) }
                }
            }
        }
    }

    static let fragmentCard = HTML.group {
        HTML.h1 { HTML.text("A Handshake card") }
        HTML.noscript {
            HTML.p { HTML.text("This page reads the card in its link with JavaScript, which is off here. Turn it on, or scan the code with Handshake.") }
        }
    }

    static let fragmentHelp = HTML.p {
        HTML.text("A contact card from Handshake, signed by its owner’s key. Save to Contacts puts it in this device’s address book; ")
        HTML.text("Handshake reads the same code as the card itself, with no network.")
    }

    static func shareHelp(name: String, appLink: String, lifetime: TimeInterval) -> HTML {
        .group {
            HTML.p {
                HTML.text("\(name) shared their contact card with you. Save to Contacts puts it in this device’s address book. With Handshake: ")
                HTML.a(.href(appLink)) { HTML.text("open it in Handshake") }
                HTML.text(", or run ")
                HTML.code { HTML.text("handshake add LINK") }
                HTML.text(" with this page’s address.")
            }
            HTML.p(.class("note")) {
                HTML.text("This link works for one friend request and expires \(LandingPageHTML.duration(lifetime)) after it was made.")
            }
            HTML.noscript {
                HTML.p(.class("note")) {
                    HTML.text("Sending your card back needs JavaScript, which is off here: turn it on and reload, or open the link in Handshake.")
                }
            }
        }
    }

    /// The reply form: what the visitor may send back (name, and any of phone, email, company, title).
    static let reply = HTML.section(.id("reply"), .hidden(), .aria("labelledby", "reply-title")) {
        HTML.h2(.id("reply-title")) { HTML.text("Send yours back") }
        HTML.p(.class("note")) {
            HTML.text("Your card goes to them as a friend request, signed by a key this browser makes and keeps for this site.")
        }
        HTML.form(.id("reply-form")) {
            for (name, label, type, _, autocomplete) in [
                ("name", "Your name", "text", CardLimits.name, "name"), ("phone", "Phone", "tel", CardLimits.phoneLength, "tel"),
                ("email", "Email", "email", CardLimits.emailLength, "email"), ("company", "Company", "text", CardLimits.company, "organization"),
                ("title", "Title", "text", CardLimits.title, "organization-title"),
            ] {
                HTML.label {
                    HTML.text(label)
                    // No maxlength: it counts UTF-16 units and cuts silently; the page counts as the card does.
                    HTML.input(.name(name), .type(type), .autocomplete(autocomplete), .required(name == "name"))
                }
            }
            HTML.button(.type("submit")) { HTML.text("Send my card") }
        }
        HTML.p(.id("reply-status"), .role("status"))
    }

    static func document(title: String, main: [HTMLAttribute], card: HTML, status: String, actions: HTML?, help: HTML) -> String {
        HTML.document {
            HTML.meta(.charset("utf-8"))
            HTML.meta(.name("viewport"), .content("width=device-width, initial-scale=1"))
            HTML.meta(.name("referrer"), .content("no-referrer"))
            HTML.title { HTML.text(title) }
            // No icon of its own: without this line browsers ask for /favicon.ico, which does not exist.
            HTML.link(.rel("icon"), .href("data:,"))
            HTML.stylesheet(href: stylesheet)
            HTML.script(src: script)
        } body: {
            HTML.element(.main, main) {
                HTML.section(.id("card"), .aria("live", "polite")) { card }
                HTML.p(.id("status"), .class(status.isEmpty ? "" : "verified")) { HTML.text(status) }
                HTML.p(.id("actions"), .hidden(actions == nil)) {
                    actions ?? HTML.a(.id("save"), .class("button"), .href("#"), .download()) { HTML.text("Save to Contacts") }
                }
                reply
                HTML.section(.id("help")) {
                    HTML.h2 { HTML.text("What is this?") }
                    help
                }
            }
        }
    }
}
