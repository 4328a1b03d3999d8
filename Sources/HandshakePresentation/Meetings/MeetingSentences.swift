// Establishes how a meeting (a completed nearby exchange, `ExchangeRecord`) is said on a contact's page, in the
// program's `contact show` and the web app alike: how the channel was secured, and whether a server's relay
// carried it. The server's host comes from the person's own settings or a token they scanned, and is a value.
import HandshakeCore

/// The words for a meeting with a contact.
public enum MeetingSentences {
    /// How they met: "face to face, after comparing the 6-digit code" or "face to face, by a tap or a typed
    /// code", then ", through the server HOST" when its relay carried the exchange.
    public static func how(_ meeting: ExchangeRecord) -> Sentence {
        let secured: Sentence = meeting.source == .comparedCode
            ? "face to face, after comparing the 6-digit code" : "face to face, by a tap or a typed code"
        guard let server = meeting.throughServer else { return secured }
        return "\(secured), through the server \(server.host)"
    }

    /// The common friends found then: "no common friends", "1 common friend", "3 common friends".
    public static func commonFriends(_ meeting: ExchangeRecord) -> Sentence {
        let count = meeting.commonFriends.count
        return count == 0 ? "no common friends" : "\(count) common friend\(words: count == 1 ? "" : "s")"
    }
}
