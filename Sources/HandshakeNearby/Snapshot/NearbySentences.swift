// Establishes the sentences of a nearby exchange that name what the snapshot holds, so every front end (the
// program, the web app, an iOS app) says them the same way; kept in one place for the presentation layer to
// take over. A name in them comes from the other device (a card, an advertisement): a front end escapes the
// whole sentence where it shows it, as it escapes any text from outside.
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeStore

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

    /// A session that ended short after the person added their card: the ending's sentence, with what it says
    /// was stored or exchanged replaced by what was (nearby.md §7): the card stays, the meeting is not recorded.
    public static func kept(_ name: String, after ending: String) -> String {
        var said = ending
        for nothing in [" Nothing was stored.", " Nothing was exchanged."] {
            said = said.replacingOccurrences(of: nothing, with: "")
        }
        return "\(said) \(name) stays in your contacts; the meeting was not recorded."
    }

    /// What the person typed names nobody in the list.
    public static func unknownChoice(_ typed: String) -> String {
        "Nobody nearby is numbered or named “\(typed)”."
    }

    /// A common friend's newer card that came with this meeting, kept: "Ada Lovelace's newer card came with
    /// this meeting; it changes title, phones." (or "only its date").
    public static func carried(_ name: String, changes: CardChanges) -> String {
        "\(name)’s newer card came with this meeting; it changes \(changes.fieldNames)."
    }

    /// A device without the token, or with a wrong code, tried to connect.
    public static let refusedConnection = "A device without this token tried to connect; still waiting for the one that has it."

    /// Under a session token's QR code: how the other device reads it, and that it works once.
    public static let scanThisToken =
        "Let the other person scan this code with Handshake (Add, with the camera or a picture of it). It works once, within a minute, and meets through your server where no network joins you."

    /// The same, when no server carries it: the other device must be on this network.
    public static let scanThisTokenOnThisNetwork =
        "Let the other person scan this code with Handshake (Add, with the camera or a picture of it). It works once, within a minute, on this network: connect a server in Settings to meet anywhere."

    /// Beside the 6-digit code of a session (compare-code mode): what it is for.
    public static let compareTheCode = "Both screens show this code; compare it out loud. If they match, nobody stands between you."

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

    /// Said once the relay carries the session: both screens say the exchange goes through a server, and
    /// that the server cannot read it (the channel is end to end). The host was read as a host name or an
    /// address, nothing else.
    public static func throughServer(_ relay: RelayServer) -> String {
        "Through the server \(relay.host): its relay carries this exchange, sealed end to end, so it cannot read it."
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

    /// The looking screen's heading while the list is open (EX-1).
    public static let lookingHeading = "Looking for people nearby"

    /// The common-friend badge beside someone in the list (EX-1): `nil` when they have none, or while not
    /// known (the row then says nothing rather than a guess).
    public static func commonFriendBadge(_ count: Int?) -> String? {
        guard let count, count > 0 else { return nil }
        return "👥 \(count) common friend\(count == 1 ? "" : "s")"
    }

    /// The confirm screen's heading (EX-2).
    public static func exchangeWith(_ name: String?) -> String {
        "Exchange cards with \(name ?? "this person")"
    }

    /// The common friends on the confirm and request screens, by name (EX-2): "You and Mei have 3 common
    /// friends: Bob, Alice, Charlie".
    public static func commonFriends(with name: String?, _ friends: NearbyCommonFriends) -> String {
        switch friends {
        case .pending: return "Looking for common friends…"
        case .unavailable(let reason): return "Common friends: \(reason)"
        case .found(let names):
            let you = "You and \(name ?? "them")"
            guard !names.isEmpty else { return "\(you) have no common friends." }
            return "\(you) have \(names.count) common friend\(names.count == 1 ? "" : "s"): \(names.joined(separator: ", "))"
        }
    }

    /// The one button of the confirm screen: it accepts their request when it is here already.
    public static func exchangeButton(theirRequestIsHere: Bool) -> String {
        theirRequestIsHere ? "Accept and exchange cards" : "Exchange cards"
    }

    /// The success screen's heading (EX-5).
    public static func exchanged(with name: String?) -> String {
        "Card exchanged with \(name ?? "them")"
    }

    /// Where their note goes while it has not come (EX-5).
    public static let theirNoteWaiting = "Waiting…"

    /// The merge question, inline on the success screen: their card shares an email or a phone with a contact.
    public static func mergeQuestion(_ existing: String) -> String {
        "Merge with existing \(existing)?"
    }

    /// Under a note the rule refused: the box keeps it, and it can be sent again once changed.
    public static func noteRefused(_ reason: NoteError) -> String {
        "Not sent: \(reason)"
    }

    /// The question the contact book needs answered, inline on the success screen: "Merge with existing
    /// Mei?" when the card matches a contact, else whether to add them.
    public static func keepQuestion(_ question: NearbyKeepQuestion) -> String {
        if let target = question.mergeTarget { return mergeQuestion(target.displayName) }
        if question.isMerge {
            return "Their card shares an email or a phone number with \(question.matches.map(\.displayName).joined(separator: ", ")). Add them separately?"
        }
        return "Add \(question.card.card.name ?? "them") to your contacts?"
    }

    /// What the looking screen says about how the devices find each other; `nil` while starting.
    public static func looking(_ way: NearbySnapshot.Looking.Way) -> String? {
        switch way {
        case .starting: nil
        case .list(_, _, let showsName): showsName ? "\(lookingHeading). Others see your card's name." : "\(lookingHeading). Others do not see your name."
        case .lookingFor(let what): "Looking for \(what)…"
        case .connecting(let peer): connecting(to: peer)
        case .tokenHandedOver: "Waiting for the device that was handed the token…"
        case .codeShown: "Show this code to the other person."
        case .listening(let port): "Listening on port \(port)."
        }
    }

    /// Someone in the list, as their row names them: the name their device shows, or a number and the start
    /// of their instance name.
    public static func listed(_ person: NearbyPerson) -> String {
        person.peer.displayName ?? "Someone (\(person.peer.shortID))"
    }

    /// Someone in the list, told apart from the others in `people`: a name another device shows too (or one
    /// that looks like it, `Skeleton.namesLookAlike`) is followed by the start of the instance name, as a
    /// name is only what a device claims ("Ada Lovelace (k3x9qa)").
    public static func listed(_ person: NearbyPerson, among people: [NearbyPerson]) -> String {
        guard let name = person.peer.displayName, sharesName(person, among: people) else { return listed(person) }
        return "\(name) (\(person.peer.shortID))"
    }

    /// Whether another person in `people` shows `person`'s name, or one that looks like it.
    public static func sharesName(_ person: NearbyPerson, among people: [NearbyPerson]) -> Bool {
        guard let name = person.peer.displayName else { return false }
        return people.contains { $0.peer.id != person.peer.id && Skeleton.namesLookAlike($0.peer.displayName ?? "", name) }
    }

    /// Said once when a second device in the list shows a name already there: how to tell them apart.
    public static func sameNameListed(_ name: String) -> String {
        "More than one device here shows the name “\(name)”: a name is only what a device claims. Tell them apart by the start of their id, and compare the 6-digit code."
    }

    /// Connecting to the device of `peer`, named as the middle of a sentence names them (``named(_:)``); `nil`:
    /// a device not known by name (a token's, a code's, an address's).
    public static func connecting(to peer: NearbyPeer?) -> String {
        "Connecting to \(peer.map(named) ?? "someone")…"
    }

    /// A device nearby in the middle of a sentence: the name it shows, or "someone" and the start of its id.
    public static func named(_ peer: NearbyPeer) -> String {
        peer.displayName ?? "someone (\(peer.shortID))"
    }

    /// The confirm screen after its button, while the card goes out.
    public static let sendingCard = "Sending your card…"

    /// Under their request: what accepting does.
    public static let theyWillReceiveYourCard = "They will receive your card, as your sharing profile issues it."

    /// After answering their request.
    public static func answered(_ accepted: Bool) -> String {
        accepted ? "Accepted: sending your card…" : "Declined."
    }

    /// The note box's label (EX-5).
    public static func notePrompt(to name: String?) -> String {
        "Write a note to \(name ?? "them") (up to \(NoteLimits.characters) characters, sent once)"
    }

    /// Under the note box: how much of the limit `text` uses, counted as the note rule counts (HandshakeCore's `TextLength`,
    /// Unicode scalars); the page's script says the same as the person types.
    public static func noteCount(_ text: String?) -> String {
        guard let text, !text.isEmpty else { return "Up to \(NoteLimits.characters) characters." }
        let used = TextLength.count(text)
        return used > NoteLimits.characters ? "\(used - NoteLimits.characters) characters too many." : "\(used) of \(NoteLimits.characters) characters."
    }

    /// Our note on its way.
    public static func sendingNote(_ text: String) -> String { "Sending: “\(text)”" }

    /// Our note, sent.
    public static func youWrote(_ text: String) -> String { "You wrote: “\(text)”" }

    /// Their note never came: the session is over.
    public static let noNoteFromThem = "No note from them."

    /// A card's company and title in a line ("Sprout Labs · Designer"); `nil` when it has neither.
    public static func work(_ fields: CardFields) -> String? {
        let parts = [fields.company, fields.title].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The seconds left, in words.
    public static func seconds(_ count: Int) -> String {
        count == 1 ? "1 second" : "\(count) seconds"
    }
}
