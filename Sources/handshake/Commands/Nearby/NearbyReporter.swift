import Foundation
import HandshakeCore
import HandshakeExchange

/// What `handshake nearby` tells the person (text) or a script (`--json`: one JSON object per line, each
/// with an `event` field). Separate from the work, as every command's output is.
struct NearbyReporter {
    let json: Bool

    func emit(_ event: String, _ fields: [String: Any] = [:], text: String?) {
        if json {
            var object = fields
            object["event"] = event
            if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) {
                FileHandle.standardOutput.write(data + Data("\n".utf8))
            }
        } else if let text {
            // Through print, like CardPrinter, so the two never come out of order.
            print(text)
        }
    }

    func listening(port: Int) {
        emit("listening", ["port": port], text: "Waiting for someone nearby on port \(port)… (the other person runs: handshake nearby --connect THIS-ADDRESS:\(port))")
    }

    func confirm(_ screen: ConfirmScreen, commonFriendNames: [String]) {
        var fields: [String: Any] = ["commonFriends": commonFriendNames]
        if let code = screen.shortCode { fields["shortCode"] = code }
        var lines = ["Connected."]
        if let code = screen.shortCode { lines.append("Both screens show this code; compare it out loud: \(code)") }
        switch screen.commonFriends {
        case .pending: lines.append("Looking for common friends…")
        case .found: lines.append(commonFriendNames.isEmpty ? "No common friends." : "Common friends: \(commonFriendNames.joined(separator: ", "))")
        case .unavailable(let reason): lines.append("Common friends: \(reason)")
        }
        emit("connected", fields, text: lines.joined(separator: "\n"))
    }

    func commonFriends(_ names: [String]) {
        emit("commonFriends", ["names": names], text: names.isEmpty ? "No common friends." : "Common friends: \(names.joined(separator: ", "))")
    }

    func incoming(_ card: SignedCard) {
        emit("incomingRequest", ["name": card.card.name as Any, "nodeId": card.nodeID.rawValue],
             text: "\(card.card.name ?? card.nodeID.rawValue) wants to exchange cards:")
        if !json { CardPrinter.print(card.card) }
    }

    func received(_ card: SignedCard, alreadyShown: Bool) {
        emit("received", ["name": card.card.name as Any, "nodeId": card.nodeID.rawValue],
             text: alreadyShown ? "Cards swapped." : "Received, verified and bound to this exchange:")
        if !json && !alreadyShown { CardPrinter.print(card.card) }
    }

    func note(_ text: String) {
        emit("note", ["text": text], text: "Their note: \(text)")
    }

    func saved(_ contact: String, how: String) {
        emit("saved", ["contact": contact, "how": how], text: "\(how) \(contact) in your contacts.")
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
        emit("ended", ["outcome": outcome, "sentence": ending.description], text: ending.description)
    }
}
