import Foundation
import HandshakeCore
import HandshakeExchange
import HandshakeNearby
import HandshakePresentation
import HandshakeStore

/// What `handshake nearby` tells the person (text) or a script (`--json`: one JSON object per line, each
/// with an `event` field). Separate from the work, as every command's output is: a terminal log is the
/// coordinator's snapshots read one after the other, each line what changed between two of them.
struct NearbyReporter {
    let json: Bool
    /// The file the session token is written to (`--token-out`), for the line that says so.
    var tokenFile: String?

    // MARK: From one snapshot to the next

    /// Prints what changed from `old` (`nil`: nothing shown yet) to `new`, in the order a person meets it.
    /// `choosing`: the person chooses at this terminal, so each person found says how to choose them.
    func report(from old: NearbySnapshot?, to new: NearbySnapshot, choosing: Bool) {
        let lastNotice = old?.notices.last?.number ?? 0
        for notice in new.notices where notice.number > lastNotice { report(notice) }
        if case .looking(let looking) = new.stage {
            var before: NearbySnapshot.Looking?
            if case .looking(let earlier)? = old?.stage { before = earlier }
            reportLooking(from: before, to: looking, choosing: choosing)
        }
        if let relay = new.relay, old?.relay == nil {
            emit("throughServer", ["server": relay.origin], text: TerminalLine(lines: NearbySentences.throughServer(relay)))
        }
        let wasOpen = old?.channelOpened ?? false
        if new.channelOpened, !wasOpen, let session = new.session {
            confirm(session, ownCard: new.ownCard)
        } else if wasOpen, old?.session?.commonFriends == .pending, case .found(let names)? = new.session?.commonFriends {
            commonFriends(names)
        }
        if let request = Self.requestCard(new.stage), Self.requestCard(old?.stage) == nil, Self.swap(old?.stage) == nil {
            incoming(request)
        }
        let (before, after) = (Self.swap(old?.stage), Self.swap(new.stage))
        if let after {
            if before == nil, let card = after.theirCard { received(card, alreadyShown: Self.requestCard(old?.stage) != nil) }
            if before?.saving != after.saving {
                switch after.saving {
                case .kept(let outcome): if let card = after.theirCard { kept(outcome, card: card, as: after.saving.contact) }
                case .failed(let sentence): emit("error", ["message": sentence], text: TerminalLine(lines: sentence))
                case .nothingToKeep, .checking, .asking, .storing: break
                }
            }
            if before?.theirNote == nil, let note = after.theirNote { self.note(note) }
            if case .writing(let refused?) = after.ourNote, before?.ourNote != after.ourNote {
                emit("noteRefused", ["text": refused.text, "reason": refused.reason.description], text: "Your note was not sent: \(refused.reason)")
            }
        }
        if case .ended(let ended) = new.stage, !Self.isEnded(old?.stage) { self.ended(ended) }
    }

    private func report(_ notice: NearbyNotice) {
        switch notice.kind {
        case .turnedAway(let refusal): turnedAway(refusal)
        case .refusedConnection(let reason): emit("refusedConnection", ["reason": reason], text: TerminalLine(lines: notice.description))
        case .problem(let problem): emit("error", ["message": problem.description], text: TerminalLine(lines: problem.description))
        case .cardCarried(let name, let changes):
            emit("cardCarried", ["name": name, "changes": changes.fields.map(\.rawValue)], text: TerminalLine(lines: notice.description))
        // Never said here: a run of the program is one attempt (its `ended` event says how it ended), so it
        // leaves `backToListAfterAttempt` off.
        case .attemptEnded: break
        }
    }

    private func reportLooking(from old: NearbySnapshot.Looking?, to new: NearbySnapshot.Looking, choosing: Bool) {
        if old?.way != new.way {
            switch new.way {
            case .starting: break
            case .list(let instance, let port, let showsName): looking(instance: instance, port: port, showsName: showsName)
            case .lookingFor(let what): emit("looking", ["for": what], text: TerminalLine(lines: NearbySentences.looking(new.way) ?? ""))
            case .connecting(let peer): connecting(to: peer)
            case .tokenHandedOver(let expires): if let tokenFile { tokenWritten(tokenFile, expires: expires) }
            case .codeShown(let code, let expires): codeShown(code, expires: expires)
            case .listening(let port): listening(port: port)
            }
        }
        let earlier = old?.people ?? []
        for person in new.people {
            guard let before = earlier.first(where: { $0.peer.id == person.peer.id }) else {
                found(person, among: new.people, choosing: choosing)
                if let count = person.commonFriendCount { counted(person.peer, number: person.number, commonFriends: count) }
                continue
            }
            if before.commonFriendCount == nil, let count = person.commonFriendCount { counted(person.peer, number: person.number, commonFriends: count) }
        }
        for gone in earlier where !new.people.contains(where: { $0.peer.id == gone.peer.id }) { lost(gone.peer.id) }
        if old?.chosen == nil, let chosen = new.chosen { connecting(to: chosen.peer) }
        if old?.nobodyFound == nil, let sentence = new.nobodyFound { nobodyFound(sentence) }
    }

    /// Their card, once their request (or the confirm screen it is drawn on) carries it.
    static func requestCard(_ stage: NearbySnapshot.Stage?) -> SignedCard? {
        switch stage {
        case .incomingRequest(let request)?: request.theirCard
        case .confirm(let confirm)?: confirm.theirRequest
        default: nil
        }
    }

    /// What crossed, on the success screen or after it.
    static func swap(_ stage: NearbySnapshot.Stage?) -> NearbySnapshot.Success? {
        switch stage {
        case .succeeded(let success)?: success
        case .ended(let ended)?: ended.swap
        default: nil
        }
    }

    static func isEnded(_ stage: NearbySnapshot.Stage?) -> Bool {
        if case .ended? = stage { return true }
        return false
    }

    // MARK: Lines

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

    /// Someone new in the list, told apart from the others there (`NearbySentences.listed(_:among:)`): when
    /// their name is one another device shows, the rows say so once and give the id's start.
    func found(_ person: NearbyPerson, among people: [NearbyPerson], choosing: Bool = false) {
        let (peer, number) = (person.peer, person.number)
        var fields: [String: Any] = ["id": peer.id, "number": number]
        if let name = peer.displayName { fields["name"] = name }
        let shared = NearbySentences.sharesName(person, among: people)
        fields["sharesName"] = shared
        let label = shared ? TerminalText.value(NearbySentences.listed(person, among: people)) : Self.label(of: peer)
        emit("found", fields, text: "  \(number). \(label)\(choosing ? "    — type \(number) to choose" : "")")
        if shared, let name = peer.displayName {
            let others = people.filter { $0.peer.id != peer.id && NearbySentences.sharesName($0, among: [person]) }
            let earlier = others.map { "\($0.number). \(TerminalText.value(NearbySentences.listed($0, among: people)))" }.joined(separator: ", ")
            emit("sameName", ["name": name, "ids": ([person] + others).map(\.peer.id)],
                 text: "  \(TerminalText.value(NearbySentences.sameNameListed(name))) (\(earlier))")
        }
    }

    /// The common-friend count beside someone in the list, found before anyone chose.
    func counted(_ peer: NearbyPeer, number: Int, commonFriends count: Int) {
        let label = Self.label(of: peer)
        let friends = NearbySentences.commonFriendCount(count)
        emit("commonFriendsCounted", ["id": peer.id, "number": number, "commonFriends": count], text: "  \(number). \(label) · \(friends)")
    }

    /// How a person in the list is named on the terminal: the library's words, escaped for it.
    static func label(of peer: NearbyPeer) -> String {
        TerminalText.value(NearbySentences.named(peer))
    }

    func lost(_ id: String) {
        emit("lost", ["id": id], text: "  (someone left: \(TerminalText.value(NearbyPeer(id: id, displayName: nil).shortID)))")
    }

    /// What the person typed names nobody in the list (the library's sentence, their text in it escaped).
    func unknownChoice(_ typed: String) {
        emit("unknownChoice", [:], text: "\(NearbySentences.unknownChoice(typed)) Type a number from the list.")
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
        emit("connecting", fields, text: TerminalLine(lines: NearbySentences.connecting(to: peer)))
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
    func confirm(_ session: NearbySnapshot.Session, ownCard: SignedCard) {
        var fields: [String: Any] = ["commonFriends": session.commonFriends.names]
        if let code = session.shortCode { fields["shortCode"] = code }
        var lines: [TerminalLine] = ["Connected."]
        if let code = session.shortCode { lines.append("\(code) — \(NearbySentences.compareTheCode)") }
        lines.append("\(NearbySentences.commonFriends(session.commonFriends))")
        emit("connected", fields, text: TerminalLine(lines: lines.map(\.description).joined(separator: "\n")))
        if !json { Output.line(TerminalLine(lines: (["Your card, as they will receive it:"] + CardPrinter.lines(for: ownCard.card)).joined(separator: "\n"))) }
    }

    func commonFriends(_ names: [String]) {
        emit("commonFriends", ["names": names], text: "\(NearbySentences.commonFriends(.found(names)))")
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

    /// What the receive rule did with their card, in the sentence Add uses for it (HandshakePresentation's
    /// `ReceiveReport`, as the web app's success screen says it too). For a script: `saved` with the contact
    /// the card is kept as (`NearbySaving.contact`), else `refused` (blocked, a changed key), with what the
    /// rule did as HandshakePresentation's stable code (`ReceiveKind`). A card the person chose not to add
    /// says nothing.
    func kept(_ outcome: ReceiveOutcome, card: SignedCard, as contact: Contact?) {
        let report = ReceiveReport(outcome, card: card)
        guard report.kind != .ignored else { return }
        let sentence = TerminalLine(report.sentence)
        if let contact {
            emit("saved", ["contact": contact.displayName, "how": report.kind.rawValue], text: sentence)
        } else {
            emit("refused", ["how": report.kind.rawValue], text: sentence)
        }
    }

    /// How it ended, as the library names and says it. A run that stopped prints nothing here: its error is the
    /// command's failure, said once on standard error. A session that ended short is the command's failure too,
    /// in the same sentence: a script reads it here as well (`ended`), a person once, as the error.
    func ended(_ ended: NearbySnapshot.Ended) {
        guard ended.runError == nil else { return }
        var fields: [String: Any] = ["sentence": ended.sentence, "outcome": ended.name]
        if ended.theyLeftAfterSwap { fields["theyLeft"] = true }
        emit("ended", fields, text: ended.name == "completed" ? "\(ended.sentence)" : nil)
    }
}
