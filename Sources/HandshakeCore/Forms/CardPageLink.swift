// Establishes the card page link, `SERVER/c#DIGITS` (docs/formats/card.md §5.3): the link a phone's camera opens
// as the card's own web page on its owner's mailbox server, and that every Handshake reader takes as the card
// itself, read from the fragment with no network. The fragment never reaches a server (browsers do not send
// it), so the server serves one static page and never sees the card. Only the shape is read: the server in the
// link is neither fetched nor trusted, and the card is verified like any other.
import Foundation

/// The card page link: a mailbox server's card page with the signed card in the fragment, as decimal digits.
///
/// ```swift
/// let link = CardPageLink.link(for: card, server: URL(string: "https://handshake.example.org")!)
/// // "https://handshake.example.org/c#59255171108120480…"
/// let (read, form) = try CardText.read(Array(link.utf8), now: Date())   // form == .link, nothing fetched
/// ```
public enum CardPageLink {
    /// The card page's path on a mailbox server, after the server's public URL.
    public static let path = "/c"
    /// How far into a text the `#` of a card page link is looked for: a server address is never longer.
    package static let maxServerBytes = 1024

    /// The link to `card`'s page on `server` (the server's public URL; a trailing slash is ignored).
    public static func link(for card: SignedCard, server: URL) -> String {
        var base = server.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base + path + "#" + DecimalDigits.encode(card.bytes)
    }

    /// Whether `text` has the card page link's shape, judged cheaply: `http://` or `https://` (any case), a
    /// first `#` within ``maxServerBytes`` that follows `/c`, and a digit after it. Leading white space and a
    /// byte-order mark are skipped, as every form's detection skips them.
    package static func isCardPageLink(_ text: some Collection<UInt8>) -> Bool {
        let text = CardText.trimmed(Array(text.prefix(maxServerBytes + 64)))
        guard startsWithWebScheme(text), let hash = text.prefix(maxServerBytes).firstIndex(of: UInt8(ascii: "#")) else { return false }
        let next = text.index(after: hash)
        return text[..<hash].reversed().starts(with: "c/".utf8) && next < text.endIndex
            && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[next])
    }

    /// The signed card bytes in a card page link (not verified).
    /// - Throws: ``CardRejection/unreadableText(_:)`` when `text` is not a card page link or its digits are damaged.
    package static func signedBytes(_ text: some Collection<UInt8>) throws(CardRejection) -> [UInt8] {
        let text = CardText.trimmed(Array(text))
        guard isCardPageLink(text), let hash = text.firstIndex(of: UInt8(ascii: "#")) else {
            throw .unreadableText("This is not a card page link: it has the shape https://SERVER\(path)#DIGITS.")
        }
        do {
            return try DecimalDigits.decode(utf8: text[text.index(after: hash)...])
        } catch {
            throw .unreadableText("This card page link is damaged: after # it holds the card as digits, and \(error).")
        }
    }

    static func startsWithWebScheme(_ text: ArraySlice<UInt8>) -> Bool {
        let lowered = text.prefix(8).map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }
        return lowered.starts(with: "https://".utf8) || lowered.starts(with: "http://".utf8)
    }
}
