// Establishes the frame every screen is drawn in: the document, the navigation between the screens, the
// stylesheet and the script (files the app serves, since the policy allows neither inline), and a form that
// carries the form token. A screen gives its title and body; it never writes the frame.
import Foundation
import HandshakeHTML
import Hummingbird

/// A whole page.
enum Page {
    /// The sections of the app, in the navigation's order.
    enum Section: String, CaseIterable, Sendable {
        case contacts = "Contacts"
        case nearby = "Face to face"
        case add = "Add"
        case card = "My card"
        case settings = "Settings"

        var path: AppPath {
            switch self {
            case .contacts: .contacts
            case .nearby: .nearby
            case .add: .add
            case .card: .myCard
            case .settings: .settings
            }
        }
    }

    /// A page of the app, with the navigation (`current` marked for screen readers).
    static func screen(title: String, current: Section?, @HTMLBuilder body: () -> HTML) -> String {
        document(title: title) {
            HTML.header {
                HTML.nav(.aria("label", "Handshake")) {
                    HTML.span(.class("brand")) { .text("Handshake") }
                    for section in Section.allCases {
                        HTML.a(.href(section.path), .when(section == current, .aria("current", "page"))) { .text(section.rawValue) }
                    }
                }
                // A face-to-face request arriving while the person is on another screen shows here
                // (FaceToFaceBanner); Face to face asks it on its own screen.
                if current != .nearby { FaceToFaceBanner.placeholder }
            }
            HTML.main(.id("main"), content: body)
        }
    }

    /// A page without the navigation (a refusal, before the app may be used).
    static func document(title: String, @HTMLBuilder body: () -> HTML) -> String {
        HTML.document(
            head: {
                HTML.meta(.charset("utf-8"))
                HTML.meta(.name("viewport"), .content("width=device-width, initial-scale=1"))
                HTML.title { .text("\(title) · Handshake") }
                HTML.stylesheet(href: AppPath.stylesheet.href)
                HTML.script(src: AppPath.script.href)
            },
            body: body)
    }

    /// A form that changes something: POSTed to `action` with the form token.
    static func form(_ action: AppPath, token: String, @HTMLBuilder fields: () -> HTML) -> HTML {
        HTML.form(.method("post"), .action(action)) {
            HTML.input(.type("hidden"), .name(LocalAccessRule.formTokenField), .value(token))
            fields()
        }
    }

    /// The sentence after a change, announced to screen readers as a status.
    static func notice(@HTMLBuilder _ text: () -> HTML) -> HTML {
        HTML.p(.class("notice"), .role("status"), content: text)
    }

    /// A refusal, announced at once, with what it left as it was ("Nothing was stored.") when given.
    static func refusal(_ sentence: String, _ unchanged: String? = nil) -> HTML {
        HTML.div(.class("notice", "problem"), .role("alert")) {
            HTML.p { .text(sentence) }
            if let unchanged { HTML.p { .text(unchanged) } }
        }
    }

    /// A whole page as the response.
    static func response(_ page: String, status: HTTPResponse.Status = .ok) -> Response {
        text(page, contentType: "text/html; charset=utf-8", status: status)
    }

    /// The part of a page a script swaps in, as the response.
    static func response(_ part: HTML, status: HTTPResponse.Status = .ok) -> Response {
        response(part.description, status: status)
    }

    /// A JSON response, for the page's script (what a picture or a photo sent gave).
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// A response of `body` as `contentType`.
    static func text(_ body: String, contentType: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: contentType], body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// A redirect after a change (POST, then GET), so a reload does not repeat it.
    static func redirect(to path: AppPath) -> Response {
        Response(status: .seeOther, headers: [.location: path.href])
    }

    /// A redirect to Contacts with the contact just met first, highlighted (Face to face's Done).
    static func redirect(to path: AppPath, newContact id: Int64) -> Response {
        Response(status: .seeOther, headers: [.location: path.href + "?" + ContactsScreen.Filter.CodingKeys.new.rawValue + "=" + String(id)])
    }

    /// A redirect after a change to the page that says what it did.
    static func redirect(to path: AppPath, done outcome: Outcome) -> Response {
        Response(status: .seeOther, headers: [.location: path.href(done: outcome)])
    }
}
