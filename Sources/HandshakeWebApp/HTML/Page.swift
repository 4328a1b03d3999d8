// Establishes the frame every screen is drawn in: the document, the navigation between the screens, the
// stylesheet and the script (served by the app itself, since the policy allows neither inline), and a form
// that carries the form token. A screen gives its title and body; it never writes the frame.
import Foundation
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

        var path: String {
            switch self {
            case .contacts: "/contacts"
            case .nearby: "/nearby"
            case .add: "/add"
            case .card: "/card"
            case .settings: "/settings"
            }
        }
    }

    /// A page of the app, with the navigation (`current` marked for screen readers).
    static func screen(title: String, current: Section?, body: HTML) -> HTML {
        let links = Section.allCases.map { section -> HTML in
            section == current
                ? "<a href=\"\(section.path)\" aria-current=\"page\">\(section.rawValue)</a>"
                : "<a href=\"\(section.path)\">\(section.rawValue)</a>"
        }
        return document(title: title, body: """
            <header><nav aria-label="Handshake"><span class="brand">Handshake</span>\(links)</nav></header>
            <main id="main">
            \(body)
            </main>
            """)
    }

    /// A page without the navigation (a refusal, before the app may be used).
    static func document(title: String, body: HTML) -> HTML {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title) · Handshake</title>
        <link rel="stylesheet" href="/static/app.css">
        <script src="/static/app.js" defer></script>
        </head>
        <body>
        \(body)
        </body>
        </html>
        """
    }

    /// A form that changes something: POSTed to `action` with the form token.
    static func form(action: String, token: String, _ fields: HTML) -> HTML {
        """
        <form method="post" action="\(action)"><input type="hidden" name="\(LocalAccessRule.formTokenField)" value="\(token)">\(fields)</form>
        """
    }

    /// The sentence after a change, announced to screen readers as a status.
    static func notice(_ text: HTML) -> HTML {
        "<p class=\"notice\" role=\"status\">\(text)</p>"
    }

    /// A refusal, announced at once, with what it left as it was ("Nothing was stored.") when given.
    static func refusal(_ sentence: String, _ unchanged: String? = nil) -> HTML {
        let after: HTML = unchanged.map { "<p>\($0)</p>" } ?? .empty
        return "<div class=\"notice problem\" role=\"alert\"><p>\(sentence)</p>\(after)</div>"
    }

    /// An HTML response: a whole page, or the part of one a script swaps in.
    static func response(_ page: HTML, status: HTTPResponse.Status = .ok) -> Response {
        text(page.description, contentType: "text/html; charset=utf-8", status: status)
    }

    /// A JSON response, for the page's script (what a picture or a photo sent gave).
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// A response of `body` as `contentType` (the stylesheet, the script).
    static func text(_ body: String, contentType: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: contentType], body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// A redirect after a change (POST, then GET), so a reload does not repeat it.
    static func redirect(to location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}
