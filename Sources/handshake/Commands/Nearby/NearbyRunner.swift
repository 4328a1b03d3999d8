import Foundation
import HandshakeCore
import HandshakeExchange
import HandshakeNearby
import HandshakeStore

/// Runs one nearby exchange for `handshake nearby`: the connection (listening or connecting), the person's
/// choices (asked at the terminal, or answered by flags), and what is kept (the card and the meeting, only
/// once the exchange completed and the person said Add).
@MainActor
final class NearbyRunner {
    let options: NearbyCommand
    let identity: Identity
    let card: SignedCard
    let book: ContactBook
    let trustedKeys: [SigningPublicKey]
    let reporter: NearbyReporter
    var session: ExchangeSession?
    var announced = false
    var acted = false
    var saving = false
    var savedContactID: Int64?
    var noteSent = false
    var ending: SessionEnding?
    var timedOut = false
    var reportedFriends: CommonFriendsStatus = .pending
    var shownIncoming = false

    init(options: NearbyCommand) async throws {
        self.options = options
        let home = HandshakeHome.current()
        identity = try home.identity()
        card = try home.issueCard(for: identity)
        book = try home.contactBook()
        trustedKeys = try book.trustedSigningKeys()
        reporter = NearbyReporter(json: options.output.json)
    }

    func run() async throws {
        let timer = Task { [timeout = options.timeout] in
            try await Task.sleep(for: .seconds(timeout))
            self.timedOut = true
            self.session?.close()
        }
        defer { timer.cancel() }
        do {
            if let connect = options.connect, let address = NearbyAddress(connect) {
                try await NearbyTCP.connect(host: address.host, port: address.port) { transport in
                    await self.drive(transport, role: .initiator)
                }
            } else {
                try await listenForOne()
            }
        } catch let error as NearbyTransportError {
            throw CommandFailure(error.description)
        }
        guard !timedOut || ending.map({ if case .completed = $0 { true } else { false } }) == true else {
            throw CommandFailure("No exchange completed within \(options.timeout) seconds. Nothing was stored.")
        }
        guard case .completed? = ending else { throw CommandFailure(ending?.description ?? "The exchange did not complete. Nothing was stored.") }
    }

    /// Listens until one session has run to its end; later connections are turned away meanwhile.
    func listenForOne() async throws {
        let listener = try await NearbyListener.bind(host: options.host, port: options.port)
        reporter.listening(port: listener.port)
        let (done, finished) = AsyncStream.makeStream(of: Void.self)
        let serving = Task {
            try await listener.serve { transport in
                guard await self.claim() else { return }
                await self.drive(transport, role: .responder)
                finished.finish()
            }
        }
        let timeout = Task { [seconds = options.timeout] in
            try await Task.sleep(for: .seconds(seconds))
            if self.session == nil { self.timedOut = true; finished.finish() }
        }
        for await _ in done {}
        timeout.cancel()
        serving.cancel()
        _ = try? await serving.value
    }

    /// Whether this connection may be the session (the first one is; the others are turned away).
    func claim() -> Bool {
        guard !acted && session == nil && !claimed else { return false }
        claimed = true
        return true
    }
    var claimed = false

    func drive(_ transport: any ExchangeTransport, role: ChannelRole) async {
        let session = ExchangeSession(role: role, secret: nil, identity: identity, card: card, transport: transport, trustedContacts: trustedKeys)
        self.session = session
        let running = Task { await session.run() }
        for await state in session.stateUpdates() { await handle(state, session) }
        await running.value
        if case .ended(let final) = session.state { await finish(final) }
    }

    func handle(_ state: SessionState, _ session: ExchangeSession) async {
        switch state {
        case .confirm(let screen):
            if !announced {
                announced = true
                reporter.confirm(screen, commonFriendNames: names(screen.commonFriends))
            } else if screen.commonFriends != reportedFriends, case .found = screen.commonFriends {
                reporter.commonFriends(names(screen.commonFriends))
            }
            reportedFriends = screen.commonFriends
            guard !acted else { return }
            if options.select {
                acted = true
                try? await session.exchange(kind: options.oneWay ? .give : .exchange)
            } else if !options.accept && Prompt.canAsk {
                acted = true
                let answer = await ask("Exchange cards with this person?", ["exchange", "wait"])
                if answer == "exchange" { try? await session.exchange(kind: options.oneWay ? .give : .exchange) }
            }
        case .incomingRequest(let screen):
            shownIncoming = true
            reporter.incoming(screen.theirCard)
            if options.accept || options.select {
                try? await session.exchange()
            } else if Prompt.canAsk {
                let answer = await ask("Accept?", ["accept", "decline"])
                if answer == "accept" { try? await session.exchange() } else { try? session.decline() }
            } else {
                reporter.emit("notAsking", [:], text: "Not asking: standard input is not a terminal. Use --accept to accept requests.")
                try? session.decline()
            }
        case .succeeded(let screen):
            if let theirCard = screen.theirCard, !saving {
                saving = true
                reporter.received(theirCard, alreadyShown: shownIncoming)
                await save(theirCard)
            }
            if let note = screen.theirNote, screen.ourNote != nil || options.note == nil {
                reporter.note(note.text)
            }
            if !noteSent, let note = options.note {
                noteSent = true
                try? session.sendNote(note)
            }
            // Close once both notes are in (or none is expected from us and theirs came); a person who sends
            // none is waited for by the idle timeout of the session or the program's --timeout.
            let ourDone = options.note == nil || screen.ourNote != nil
            if ourDone && screen.theirNote != nil { session.close() }
            if ourDone && options.note == nil && screen.theirNote == nil && !Prompt.canAsk { closeSoon(session) }
        case .ended(let ending):
            reporter.ended(ending)
        case .connecting, .waiting:
            break
        }
    }

    /// Without a note of our own, wait a moment for theirs, then close.
    func closeSoon(_ session: ExchangeSession) {
        Task {
            try? await Task.sleep(for: .seconds(3))
            session.close()
        }
    }

    func names(_ status: CommonFriendsStatus) -> [String] {
        status.keys.compactMap { key in (try? book.contact(withSigningKey: key))??.displayName }.sorted()
    }

    /// Adds or updates the received card, by the contact book's rules, once the person agrees.
    func save(_ signed: SignedCard) async {
        let now = Date()
        do {
            switch try book.receive(signed, source: .nearby, now: now) {
            case .new:
                if !options.yes {
                    guard Prompt.canAsk else {
                        reporter.emit("notSaved", [:], text: "Not asking: standard input is not a terminal. Add with --yes. Nothing was stored.")
                        return
                    }
                    guard await ask("Add \(signed.card.name ?? signed.nodeID.rawValue)?", ["add", "ignore"]) == "add" else { return }
                }
                let contact = try book.add(signed, source: .nearby, now: now)
                savedContactID = contact.id
                reporter.saved(contact.displayName, how: "Added")
            case .update(let contact, let newer, _):
                let (updated, _) = try book.applyUpdate(newer, source: .nearby, now: now)
                savedContactID = contact.id
                reporter.saved(updated.displayName, how: "Updated")
            case .notNewer(let contact):
                savedContactID = contact.id
                reporter.saved(contact.displayName, how: "Already had")
            case .keyConflict(let contact):
                reporter.emit("refused", [:], text: ContactBookError.keyConflict(contact.nodeID?.rawValue ?? signed.nodeID.rawValue).description)
            case .blocked(let contact):
                reporter.emit("refused", [:], text: "\(contact.displayName) is blocked; the card was ignored.")
            }
        } catch {
            reporter.emit("error", ["message": "\(error)"], text: "The card could not be stored: \(error)")
        }
    }

    /// The meeting is kept with the contact once the exchange is complete.
    func finish(_ final: SessionEnding) async {
        ending = final
        guard case .completed(let record) = final, let contactID = savedContactID else { return }
        do { try book.recordExchange(record, contactID: contactID) } catch {
            reporter.emit("error", ["message": "\(error)"], text: "The meeting could not be recorded: \(error)")
        }
    }

    /// Asks at the terminal without holding up the session (the question is read off the main actor).
    func ask(_ question: String, _ choices: [String]) async -> String? {
        await Task.detached { Prompt.choose(question, choices) }.value
    }
}
