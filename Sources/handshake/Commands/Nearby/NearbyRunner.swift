import Foundation
import HandshakeCore
import HandshakeExchange
import HandshakeNearby
import HandshakeStore

/// Runs one nearby exchange for `handshake nearby`: the person's choices (asked at the terminal, or
/// answered by flags) and what is kept (the card and the meeting, only once the exchange completed and the
/// person said Add). How the two devices meet (discovery, a token, a code, an address) is in the
/// `NearbyRunner+…` files; each ends by handing a connection to ``drive(_:role:secret:)``.
@MainActor
final class NearbyRunner {
    let options: NearbyCommand
    let identity: Identity
    let card: SignedCard
    let book: ContactBook
    let trustedKeys: [SigningPublicKey]
    let reporter: NearbyReporter
    /// Where the contact came from, as the contact book records it.
    var source: ContactSource = .nearby
    lazy var terminal = TerminalInput()
    var session: ExchangeSession?
    /// The session reached the confirm screen (its channel opened).
    var channelOpened = false
    var acted = false
    var saving = false
    var savedContactID: Int64?
    var noteSent = false
    /// The card was stored (or refused) and the person answered every question about it.
    var savingDone = false
    var noteAsked = false
    var noteSkipped = false
    var theirNoteShown = false
    var ending: SessionEnding?
    var timedOut = false
    var reportedFriends: CommonFriendsStatus = .pending
    var shownIncoming = false
    var sessionHasSecret = false
    var claimed = false
    /// Why the one attempt on a shown code failed.
    var codeFailure: ShortCodeError?
    /// Called once when the session's channel opens (a token's or code's advertisement stops then).
    var whenChannelOpens: (@MainActor () async -> Void)?
    /// The people found nearby (discovery only).
    var lobby = NearbyLobby(own: "")

    init(options: NearbyCommand) async throws {
        self.options = options
        let home = HandshakeHome.current()
        identity = try home.identity()
        card = try home.issueCard(for: identity)
        book = try home.contactBook()
        trustedKeys = try book.trustedSigningKeys()
        reporter = NearbyReporter(json: options.output.json)
    }

    /// Meets the other device, runs the session, and exits 1 with a sentence unless it completed.
    func run() async throws {
        let meeting = Task { try await self.meet(options.meeting) }
        let timer = Task { [timeout = options.timeout] in
            try await Task.sleep(for: .seconds(timeout))
            self.timedOut = true
            // A session under way ends by its own rules; a device still looking stops looking.
            if let session = self.session { session.close() } else { meeting.cancel() }
        }
        defer { timer.cancel() }
        let result = await meeting.result
        if case .completed? = ending { return }
        if case .failure(let error) = result, !(error is CancellationError) {
            if let error = error as? NearbyTransportError { throw CommandFailure(error.description) }
            throw error
        }
        if timedOut { throw CommandFailure("No exchange completed within \(options.timeout) seconds. Nothing was stored.") }
        throw CommandFailure(ending?.description ?? "The exchange did not complete. Nothing was stored.")
    }

    func meet(_ meeting: NearbyMeeting) async throws {
        switch meeting {
        case .discover(let select): try await discover(select: select)
        case .giveToken(let file): try await giveToken(to: file)
        case .readToken(let file): try await readToken(from: file)
        case .showCode: try await showCode()
        case .typeCode(let code): try await typeCode(code)
        case .listen: try await listenDirectly()
        case .connect(let address):
            _ = try await NearbyTCP.connect(host: address.host, port: address.port) { transport in
                await self.drive(transport, role: .initiator)
            }
        }
    }

    /// Whether a new connection may become the session: only while none is claimed, running or done. The
    /// claim is taken before the first suspension, so of two connections at once one is turned away.
    func claim() -> Bool {
        guard !claimed && session == nil && ending == nil else { return false }
        claimed = true
        return true
    }

    /// Gives the claim back after a connection that never opened its channel (a wrong token or code), so the
    /// screen goes on waiting.
    func release() {
        claimed = false
        session = nil
    }

    /// Whether the session will send its request on its own, without asking (the peer is already chosen).
    var requestsAtOnce: Bool { options.request || options.select != nil }

    /// Runs a session over `transport` to its end. `secret` comes from a token or a code (nil: the people
    /// compare the 6-digit code). Returns the ending; `ending` is set only for a session whose channel opened,
    /// so a connection that failed its handshake (a wrong token or code) leaves the screen open for the next.
    @discardableResult
    func drive(_ transport: any ExchangeTransport, role: ChannelRole, secret: SessionSecret? = nil) async -> SessionEnding? {
        let session = ExchangeSession(role: role, secret: secret, identity: identity, card: card, transport: transport, trustedContacts: trustedKeys)
        self.session = session
        sessionHasSecret = secret != nil
        let running = Task { await session.run() }
        for await state in session.stateUpdates() { await handle(state, session) }
        await running.value
        guard case .ended(let final) = session.state else { return nil }
        if channelOpened || secret == nil { await finish(final) } else { release() }
        return final
    }

    func handle(_ state: SessionState, _ session: ExchangeSession) async {
        // Common friends may be found on any screen after the first: when both sides decide at once, the
        // request, the answer and even the cards can come before the private set intersection ends.
        if channelOpened, let friends = Self.commonFriends(in: state), friends != reportedFriends {
            if case .found = friends { reporter.commonFriends(names(friends)) }
            reportedFriends = friends
        }
        switch state {
        case .confirm(let screen):
            if !channelOpened {
                channelOpened = true
                await whenChannelOpens?()
                reporter.confirm(screen, commonFriendNames: names(screen.commonFriends), ownCard: card)
                reportedFriends = screen.commonFriends
            }
            guard !acted else { return }
            if requestsAtOnce {
                acted = true
                try? await session.exchange(kind: options.oneWay ? .give : .exchange)
            } else if !options.accept && Prompt.canAsk {
                acted = true
                let answer = await terminal.choose("Exchange cards with this person?", ["exchange", "wait"])
                if answer == "exchange" { try? await session.exchange(kind: options.oneWay ? .give : .exchange) }
            }
        case .incomingRequest(let screen):
            shownIncoming = true
            reporter.incoming(screen.theirCard)
            if options.accept || requestsAtOnce {
                try? await session.exchange()
            } else if Prompt.canAsk {
                let answer = await terminal.choose("Accept?", ["accept", "decline"])
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
                savingDone = true
            }
            if let note = screen.theirNote, !theirNoteShown {
                theirNoteShown = true
                reporter.note(note.text)
            }
            if !noteSent, let note = options.note {
                noteSent = true
                try? session.sendNote(note)
            } else if options.note == nil, Prompt.canAsk, !noteAsked, screen.theirCard == nil || savingDone {
                noteAsked = true
                askForNote(session)
            }
            // Close once both notes are in (or none is expected from us and theirs came); a person who sends
            // none is waited for by the idle timeout of the session or the program's --timeout.
            let ourDone = screen.ourNote != nil || (options.note == nil && (!Prompt.canAsk || noteSkipped))
            if ourDone && screen.theirNote != nil { session.close() }
            if ourDone && options.note == nil && screen.theirNote == nil && !Prompt.canAsk { closeSoon(session) }
        case .ended(let ending):
            // A connection that never opened its channel with a token's or code's secret is reported by the
            // meeting that made it, which may go on waiting.
            if channelOpened || !sessionHasSecret { reporter.ended(ending) }
        case .connecting, .waiting:
            break
        }
    }

    /// The common-friends status a screen carries, if it carries one.
    static func commonFriends(in state: SessionState) -> CommonFriendsStatus? {
        switch state {
        case .confirm(let screen): screen.commonFriends
        case .waiting(let screen): screen.commonFriends
        case .incomingRequest(let screen): screen.commonFriends
        case .succeeded(let screen): screen.commonFriends
        case .connecting, .ended: nil
        }
    }

    /// The note box of the success screen: what the person types goes to the other device at once; an empty
    /// line sends none. Their note is shown whenever it arrives, before or after.
    func askForNote(_ session: ExchangeSession) {
        Task {
            FileHandle.standardError.write(Data("Your note to them (Enter to send none): ".utf8))
            let line = await terminal.nextLine()?.trimmingCharacters(in: .whitespaces) ?? ""
            if line.isEmpty {
                noteSkipped = true
                if case .succeeded(let screen) = session.state, screen.theirNote != nil { session.close() } else { closeSoon(session) }
            } else {
                noteSent = true
                do { try session.sendNote(line) } catch {
                    reporter.emit("error", ["message": "\(error)"], text: "The note was not sent: \(error)")
                }
            }
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
            // Only a new person is asked; the receive rule decides again as it stores.
            var answer = ReceiveAnswer.addSeparately(trust: .trusted)
            if case .new = try book.receive(signed), !options.yes {
                guard Prompt.canAsk else {
                    reporter.emit("notSaved", [:], text: "Not asking: standard input is not a terminal. Add with --yes. Nothing was stored.")
                    return
                }
                if await terminal.choose("Add \(signed.card.name ?? signed.nodeID.rawValue)?", ["add", "ignore"]) != "add" { answer = .ignore }
            }
            switch try book.receive(signed, source: source, answer: answer, now: now) {
            case .added(let contact), .merged(let contact, _):
                savedContactID = contact.id
                reporter.saved(contact.displayName, how: "Added")
            case .updated(let updated, _, _):
                savedContactID = updated.id
                reporter.saved(updated.displayName, how: "Updated")
            case .alreadyHave(let contact):
                savedContactID = contact.id
                reporter.saved(contact.displayName, how: "Already had")
            case .refusedKeyConflict(let contact):
                reporter.emit("refused", [:], text: ContactBookError.keyConflict(contact.nodeID?.rawValue ?? signed.nodeID.rawValue).description)
            case .ignoredBlocked(let contact):
                reporter.emit("refused", [:], text: "\(contact.displayName) is blocked; the card was ignored.")
            case .ignored:
                break
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
}
