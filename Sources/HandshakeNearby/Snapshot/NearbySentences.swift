// Establishes the sentences of a nearby exchange that name what the snapshot holds, so every front end (the
// program, the web app, an iOS app) says them the same way; kept in one place for the presentation layer to
// take over. A name in them comes from the other device (a card, an advertisement): a front end escapes the
// whole sentence where it shows it, as it escapes any text from outside.

/// The sentences of the nearby screens.
public enum NearbySentences {
    /// The other person left after the cards crossed, before this side was done.
    public static func leftAfterSwap(_ name: String?) -> String {
        "\(name ?? "The other person") left. The cards were exchanged."
    }

    /// The other person left before the cards crossed.
    public static func leftBeforeSwap(_ name: String?) -> String {
        "\(name ?? "The other person") left. Nothing was exchanged."
    }

    /// What the person typed names nobody in the list.
    public static func unknownChoice(_ typed: String) -> String {
        "Nobody nearby is numbered or named “\(typed)”."
    }

    /// A device without the token, or with a wrong code, tried to connect.
    public static let refusedConnection = "A device without this token tried to connect; still waiting for the one that has it."

    /// The heading when nobody was found in time (EX-1); the sentence under it says what to check.
    public static let nobodyFound = "No one nearby was found"

    /// Our request is out (EX-3).
    public static func requestSent(to name: String?) -> String {
        "Request sent to \(name ?? "them") — waiting for a response"
    }

    /// Their request (EX-4).
    public static func asksToExchange(_ name: String?) -> String {
        "\(name ?? "Someone") asks to exchange cards."
    }

    /// The common friends, in a line.
    public static func commonFriends(_ friends: NearbyCommonFriends) -> String {
        switch friends {
        case .pending: "Looking for common friends…"
        case .found(let names): names.isEmpty ? "No common friends." : "Common friends: \(names.joined(separator: ", "))"
        case .unavailable(let reason): "Common friends: \(reason)"
        }
    }

    /// The common-friend count beside someone in the list.
    public static func commonFriendCount(_ count: Int) -> String {
        count == 0 ? "no common friends" : "\(count) common friend\(count == 1 ? "" : "s")"
    }

    /// The seconds left, in words.
    public static func seconds(_ count: Int) -> String {
        count == 1 ? "1 second" : "\(count) seconds"
    }
}
