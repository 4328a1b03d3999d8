import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakeQR

/// The HTML of the share-link landing page: one for a usable link (the person's name, the QR of their
/// signed card, an "Open in Handshake" link and what to do) and one per refusal (expired, used, revoked,
/// unknown), each saying plainly what happened and what to do next.
///
/// Every value from a card is HTML-escaped; the page has no script and loads nothing from elsewhere (its
/// style is inline, its QR an inline SVG), so it works under a `default-src 'none'` policy. What it does
/// not do: verify anything for the visitor — the app verifies the card it scans or opens.
enum LandingPageHTML {
    /// The page for a usable link, with `qrSVG`, the QR of the signed card; `nil` for a card too large for a
    /// QR symbol, whose page shows the QR of the app link instead.
    /// `appLink` is the link's deep link (`handshake://contact/TOKEN/OWNER`).
    static func card(_ signed: SignedCard, qrSVG: String?, appLink: String, lifetime: TimeInterval) -> String {
        let card = signed.card
        let name = card.name.map(escape) ?? "Someone"
        let detail = [card.title, card.company].compactMap { $0 }.map(escape).joined(separator: " · ")
        // The QR carries the signed card itself (its HS1: text), so a scan works with no server at all;
        // a card too large for a QR symbol (a big avatar) gets the app link instead.
        let qrSVG = qrSVG ?? (try? QRCode(encoding: appLink)).map { SVGRenderer(quietZone: 4, moduleSize: 4).render($0) } ?? ""
        return page(
            title: "\(name) on Handshake",
            body: """
                <h1>\(name)</h1>
                \(detail.isEmpty ? "" : "<p class=\"detail\">\(detail)</p>")
                <p>\(name) shared their contact card with you.</p>
                <p><a class="button" href="\(appLink)">Open in Handshake</a></p>
                <div class="qr" role="img" aria-label="QR code of \(name)'s signed card">\(qrSVG)</div>
                <h2>How to add \(name)</h2>
                <ol>
                  <li>On this phone: tap <strong>Open in Handshake</strong>.</li>
                  <li>On another device: open Handshake there and scan the code above.</li>
                  <li>From a terminal: <code>handshake link resolve \(appLink)</code></li>
                </ol>
                <p class="note">The card is signed by \(name)'s own key; Handshake checks the signature before adding it.
                This link works for one friend request and expires \(duration(lifetime)) after it was made.</p>
                """)
    }

    /// The page for a link that cannot be used, with the reason.
    static func refusal(_ error: MailboxError, lifetime: TimeInterval) -> String {
        let (title, text): (String, String) =
            switch error {
            case .linkExpired: ("This link has expired", "Share links last \(duration(lifetime)). Ask the person who sent it for a new one.")
            case .linkUsed: ("This link was already used", "Each share link works for one friend request. Ask the person who sent it for a new one.")
            case .linkRevoked: ("This link was withdrawn", "Its owner withdrew it. Ask them for a new one.")
            default: ("This link does not exist", "Check that the whole link was copied, or ask the person who sent it for a new one.")
            }
        return page(title: title, body: "<h1>\(title)</h1>\n<p>\(text)</p>")
    }

    /// `text` safe to place in HTML text and in double-quoted attributes (HandshakeCore's rule).
    static func escape(_ text: String) -> String { UntrustedText.htmlEscaped(text) }

    /// A link's lifetime as a person says it: "24 hours", "7 days", "1 hour", "30 minutes", "90 seconds".
    static func duration(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded())
        func unit(_ count: Int, _ name: String) -> String { "\(count) \(name)\(count == 1 ? "" : "s")" }
        if whole % 86_400 == 0 && whole >= 2 * 86_400 { return unit(whole / 86_400, "day") }
        if whole % 3600 == 0 { return unit(whole / 3600, "hour") }
        if whole % 60 == 0 { return unit(whole / 60, "minute") }
        return unit(whole, "second")
    }

    private static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <title>\(title)</title>
        <style>
        body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; padding: 1.5rem;
               background: #f6f6f4; color: #1d1d1b; line-height: 1.5; }
        main { max-width: 34rem; margin: 0 auto; background: #fff; border-radius: 12px; padding: 1.5rem;
               box-shadow: 0 1px 4px rgba(0,0,0,.08); }
        h1 { font-size: 1.75rem; margin: 0 0 .25rem; overflow-wrap: anywhere; }
        h2 { font-size: 1.1rem; margin-top: 1.5rem; }
        .detail { color: #555; margin-top: 0; }
        .button { display: inline-block; background: #1f5eff; color: #fff; text-decoration: none;
                  padding: .75rem 1.25rem; border-radius: 8px; font-weight: 600; }
        .qr svg { width: 100%; max-width: 320px; height: auto; display: block; margin: 1rem auto; }
        code { background: #f0f0ee; padding: .1rem .3rem; border-radius: 4px; overflow-wrap: anywhere; }
        .note { color: #555; font-size: .9rem; }
        </style>
        </head>
        <body>
        <main>
        \(body)
        </main>
        </body>
        </html>

        """
    }
}
