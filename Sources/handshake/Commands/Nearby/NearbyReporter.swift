import Foundation
import HandshakeCore
import HandshakeExchange
import HandshakeNearby

/// What `handshake nearby` tells the person (text) or a script (`--json`: one JSON object per line, each
/// with an `event` field). Separate from the work, as every command's output is.
struct NearbyReporter {
    let json: Bool

    func emit(_ event: String, _ fields: [String: Any] = [:], text: TerminalLine?) {
        if json {
            var object = fields
            object["event"] = event
            if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) {
                Output.write(json: data)
            }
        } else if let text {
            Output.line(text)
        }
    }

    func looking(instance: String, port: Int, showsName: Bool) {
        emit("looking", ["instance": instance, "port": port, "showsName": showsName],
             text: "Looking for people nearby… (others see you as \(showsName ? "your card's name" : "someone (\(instance.prefix(6)))"); Ctrl-C to stop)")
    }

    func found(_ peer: NearbyPeer, number: Int, choosing: Bool = false) {
        var fields: [String: Any] = ["id": peer.id, "number": number]
        if let name = peer.displayName { fields["name"] = name }
        let label = Self.label(of: peer)
        emit("found", fields, text: "  \(number). \(label)\(choosing ? "    — type \(number) to choose" : "")")
    }

    /// The common-friend count beside someone in the list, found before anyone chose.
    func counted(_ peer: NearbyPeer, number: Int, commonFriends count: Int) {
        let label = Self.label(of: peer)
        let friends = count == 0 ? "no common friends" : "\(count) common friend\(count == 1 ? "" : "s")"
        emit("commonFriendsCounted", ["id": peer.id, "number": number, "commonFriends": count], text: "  \(number). \(label) · \(friends)")
    }

    /// How a person in the list is named on the terminal: the name they show, or the start of their id.
    static func label(of peer: NearbyPeer) -> String {
        peer.displayName.map(TerminalText.value) ?? "someone (\(TerminalText.value(peer.shortID)))"
    }

    func lost(_ id: String) {
        emit("lost", ["id": id], text: "  (someone left: \(TerminalText.value(NearbyPeer(id: id, displayName: nil).shortID)))")
    }

    func nobodyFound(_ sentence: String) {
        emit("nobodyFound", ["sentence": sentence], text: TerminalLine(lines: sentence))
    }

    /// A device the list turned away: not in the list, too many sessions from one address, or a request from
    /// someone other than the person chosen (the library's sentence; it names no one by a name they advertise).
    func turnedAway(_ refusal: LobbyRefusal) {
        var fields: [String: Any] = ["sentence": refusal.description]
        switch refusal {
        case .notInList(let address): (fields["reason"], fields["address"]) = ("notInList", address)
        case .tooManyFromAddress(let address): (fields["reason"], fields["address"]) = ("tooManyFromAddress", address)
        case .requestDeclined(let number): (fields["reason"], fields["number"]) = ("requestDeclined", number)
        }
        emit("turnedAway", fields, text: TerminalLine(lines: refusal.description))
    }

    func connecting(to peer: NearbyPeer) {
        var fields: [String: Any] = ["id": peer.id]
        if let name = peer.displayName { fields["name"] = name }
        emit("connecting", fields, text: "Connecting to \(Self.label(of: peer))…")
    }

    func tokenWritten(_ path: String, expires: Date) {
        let seconds = max(0, Int(expires.timeIntervalSinceNow.rounded()))
        emit("tokenWritten", ["file": path, "expiresIn": seconds],
             text: "Session token written to \(path): the other person reads it (handshake nearby --token-in FILE) within \(seconds) seconds.")
    }

    func codeShown(_ code: String, expires: Date) {
        let minutes = max(1, Int((expires.timeIntervalSinceNow / 60).rounded()))
        emit("code", ["code": code, "expiresIn": Int(expires.timeIntervalSinceNow.rounded())],
             text: "Your code: \(code)\nThe other person types it (handshake nearby --code \(code)). It works once, for \(minutes) minutes.")
    }

    func listening(port: Int) {
        emit("listening", ["port": port], text: "Waiting for someone nearby on port \(port)… (the other person runs: handshake nearby --connect THIS-ADDRESS:\(port))")
    }

    /// The confirm screen: the code to compare (when no secret was shared), the common friends, and the card
    /// this device will give, so the person sees what they share before they choose.
    func confirm(_ screen: ConfirmScreen, commonFriendNames: [String], ownCard: SignedCard) {
        var fields: [String: Any] = ["commonFriends": commonFriendNames]
        if let code = screen.shortCode { fields["shortCode"] = code }
        var lines: [TerminalLine] = ["Connected."]
        if let code = screen.shortCode { lines.append("Both screens show this code; compare it out loud: \(code)") }
        switch screen.commonFriends {
        case .pending: lines.append("Looking for common friends…")
        case .found: lines.append(commonFriendNames.isEmpty ? "No common friends." : "Common friends: \(commonFriendNames.joined(separator: ", "))")
        case .unavailable(let reason): lines.append("Common friends: \(reason)")
        }
        emit("connected", fields, text: TerminalLine(lines: lines.map(\.description).joined(separator: "\n")))
        if !json { Output.line(TerminalLine(lines: (["Your card, as they will receive it:"] + CardPrinter.lines(for: ownCard.card)).joined(separator: "\n"))) }
    }

    func commonFriends(_ names: [String]) {
        emit("commonFriends", ["names": names], text: names.isEmpty ? "No common friends." : "Common friends: \(names.joined(separator: ", "))")
    }

    func incoming(_ card: SignedCard) {
        emit("incomingRequest", ["name": card.card.name as Any, "nodeId": card.nodeID.rawValue],
             text: "\(TerminalText.value(card.card.name ?? card.nodeID.rawValue)) wants to exchange cards:")
        if !json { Output.line(TerminalLine(lines: CardPrinter.lines(for: card.card).joined(separator: "\n"))) }
    }

    func received(_ card: SignedCard, alreadyShown: Bool) {
        emit("received", ["name": card.card.name as Any, "nodeId": card.nodeID.rawValue],
             text: alreadyShown ? "Cards swapped." : "Received, verified and bound to this exchange:")
        if !json && !alreadyShown { Output.line(TerminalLine(lines: CardPrinter.lines(for: card.card).joined(separator: "\n"))) }
    }

    func note(_ text: String) {
        emit("note", ["text": text], text: "Their note: \(TerminalText.value(text))")
    }

    func saved(_ contact: String, how: String) {
        let sentence: TerminalLine = switch how {
        case "Added": "Added \(contact) to your contacts."
        case "Updated": "Updated \(contact) in your contacts."
        default: "\(contact) was already in your contacts."
        }
        emit("saved", ["contact": contact, "how": how], text: sentence)
    }

    func ended(_ ending: SessionEnding) {
        let outcome: String
        switch ending {
        case .completed: outcome = "completed"
        case .declined: outcome = "declined"
        case .declinedByUs: outcome = "declinedByUs"
        case .cancelledByThem: outcome = "cancelledByThem"
        case .cancelledByUs: outcome = "cancelledByUs"
        case .noAnswer: outcome = "noAnswer"
        case .requestExpired: outcome = "requestExpired"
        case .theyLeft: outcome = "theyLeft"
        case .closed: outcome = "closed"
        case .idle: outcome = "idle"
        case .failed: outcome = "failed"
        }
        emit("ended", ["outcome": outcome, "sentence": ending.description], text: TerminalLine(lines: ending.description))
    }
}
