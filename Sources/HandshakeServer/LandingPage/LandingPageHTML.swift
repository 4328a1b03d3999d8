// Establishes the pages a share link that cannot be used opens (expired, used, withdrawn, unknown, or the server
// unable to look it up), each saying plainly what happened and what to do next, and how a link's lifetime is
// said in words. A usable link opens the card page (CardPageHTML). Written with HandshakeHTML; styled by the
// card page's stylesheet, no script.
import Foundation
import HandshakeHTML
import HandshakeMailbox

enum LandingPageHTML {
    /// The page for a link that cannot be used, with the reason.
    static func refusal(_ error: MailboxError, lifetime: TimeInterval) -> String {
        let (title, text): (String, String) =
            switch error {
            case .linkExpired: ("This link has expired", "Share links last \(duration(lifetime)). Ask the person who sent it for a new one.")
            case .linkUsed: ("This link was already used", "Each share link works for one friend request. Ask the person who sent it for a new one.")
            case .linkRevoked: ("This link was withdrawn", "Its owner withdrew it. Ask them for a new one.")
            // The link may be perfectly good: the server could not look it up (503, with Retry-After).
            case .databaseUnavailable, .requestTimeout, .internalError: ("This server cannot answer right now", error.message)
            case .badRequest(let why): ("This address asks for something a share link does not have", why)
            default: ("This link does not exist", "Check that the whole link was copied, or ask the person who sent it for a new one.")
            }
        return HTML.document {
            HTML.meta(.charset("utf-8"))
            HTML.meta(.name("viewport"), .content("width=device-width, initial-scale=1"))
            HTML.meta(.name("referrer"), .content("no-referrer"))
            HTML.title { HTML.text(title) }
            HTML.link(.rel("icon"), .href("data:,"))
            HTML.stylesheet(href: CardPageHTML.stylesheet)
        } body: {
            HTML.main {
                HTML.h1 { HTML.text(title) }
                HTML.p { HTML.text(text) }
            }
        }
    }

    /// A link's lifetime as a person says it: "24 hours", "7 days", "1 hour", "30 minutes", "90 seconds".
    static func duration(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded())
        func unit(_ count: Int, _ name: String) -> String { "\(count) \(name)\(count == 1 ? "" : "s")" }
        if whole % 86_400 == 0 && whole >= 2 * 86_400 { return unit(whole / 86_400, "day") }
        if whole % 3600 == 0 { return unit(whole / 3600, "hour") }
        if whole % 60 == 0 { return unit(whole / 60, "minute") }
        return unit(whole, "second")
    }
}
