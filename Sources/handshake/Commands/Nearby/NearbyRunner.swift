import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeNearby
import HandshakeStore

/// `handshake nearby` as a front end of HandshakeNearby's `NearbyCoordinator`: it prints what the
/// coordinator shows (text, or JSON lines) and answers its questions from the flags or at the terminal.
/// The meeting, the session, the crossing rule and what is kept are the coordinator's.
@MainActor
final class NearbyRunner: NearbyFrontEnd {
    let options: NearbyCommand
    let reporter: NearbyReporter
    lazy var terminal = TerminalInput()
    /// The coordinator, once made (`run()`).
    private var coordinator: NearbyCoordinator?

    init(options: NearbyCommand) {
        self.options = options
        reporter = NearbyReporter(json: options.output.json)
    }

    /// Meets the other device, runs the session, and exits 1 with a sentence unless it completed.
    func run() async throws {
        let account = try HandshakeHome.current().account()
        // The person confirms at the prompt (or with --yes); a terminal has no second factor to ask.
        var configuration = NearbyCoordinator.Configuration(gate: AlwaysConfirm())
        configuration.host = options.host
        configuration.port = options.port
        configuration.interface = options.interface
        configuration.showsName = options.showName
        // The other device is chosen already (--select, a token, a code, an address with --request): send at once.
        configuration.requestsAtOnce = options.request || options.select != nil
        configuration.requestKind = options.oneWay ? .give : .exchange
        let coordinator: NearbyCoordinator
        do {
            coordinator = try NearbyCoordinator(account: account, frontEnd: self, configuration: configuration)
        } catch let error as CardFieldError {
            throw CommandFailure(error.description)
        }
        self.coordinator = coordinator
        let meeting = try meeting(for: options.meeting)
        // At a terminal, the person chooses from the list by typing a number, a name or the start of an id.
        var chooser: Task<Void, Never>?
        if case .discover(nil) = options.meeting, !options.accept, Prompt.canAsk {
            chooser = Task {
                while let line = await self.terminal.nextLine() {
                    if coordinator.choose(line) != nil { return }
                }
            }
        }
        defer { chooser?.cancel() }
        // The token works once: its file goes when the command ends, whatever happened.
        defer { if case .giveToken(let file) = options.meeting { try? FileManager.default.removeItem(at: file) } }
        do {
            try await coordinator.run(meeting, timeout: .seconds(options.timeout))
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// The coordinator's meeting for the command line's way to meet: token files are read and written here.
    func meeting(for meeting: NearbyCommandMeeting) throws -> NearbyMeeting {
        switch meeting {
        case .discover(let select): return .discover(choice: select)
        case .giveToken(let file):
            return .giveToken { token in
                try SecretFile.write(token.ndefMessage, to: file)
            }
        case .readToken(let file):
            let bytes = try SecretFile.read(file, limit: NearbyProtocol.sessionTokenMessageLimit)
            do { return .readToken(try SessionToken(ndefMessage: bytes, at: Date())) } catch { throw CommandFailure(error.description) }
        case .showCode: return .showCode
        case .typeCode(let code): return .typeCode(code)
        case .listen: return .listen
        case .connect(let address): return .connect(host: address.host, port: address.port)
        }
    }

    // MARK: What the coordinator shows

    func show(_ event: NearbyEvent) {
        switch event {
        case .looking(let instance, let port, let showsName): reporter.looking(instance: instance, port: port, showsName: showsName)
        case .found(let peer, let number):
            reporter.found(peer, number: number, choosing: coordinator?.choice == nil && Prompt.canAsk && !options.accept)
        case .commonFriendsNearby(let peer, let number, let names): reporter.counted(peer, number: number, commonFriends: names.count)
        case .lost(let id): reporter.lost(id)
        case .nobodyFound(let sentence): reporter.nobodyFound(sentence)
        case .unknownChoice(let typed):
            reporter.emit("unknownChoice", [:], text: "Nobody nearby is numbered or named \"\(typed)\"; type a number from the list.")
        case .turnedAway(let refusal): reporter.turnedAway(refusal)
        case .lookingFor(let what): reporter.emit("looking", ["for": what], text: "Looking for \(what)…")
        case .connecting(let peer): reporter.connecting(to: peer)
        case .tokenHandedOver(let expires):
            if case .giveToken(let file) = options.meeting { reporter.tokenWritten(file.path, expires: expires) }
        case .codeShown(let code, let expires): reporter.codeShown(code, expires: expires)
        case .listening(let port): reporter.listening(port: port)
        case .refusedConnection(let reason):
            reporter.emit("refusedConnection", ["reason": reason], text: "A device without this token tried to connect; still waiting for the one that has it.")
        case .connected(let screen, let names, let ownCard): reporter.confirm(screen, commonFriendNames: names, ownCard: ownCard)
        case .commonFriends(let names): reporter.commonFriends(names)
        case .incomingRequest(let card): reporter.incoming(card)
        case .received(let card, let alreadyShown): reporter.received(card, alreadyShown: alreadyShown)
        case .note(let text): reporter.note(text)
        case .kept(let outcome, let card): kept(outcome, card: card)
        case .ended(let ending): reporter.ended(ending)
        case .problem(let sentence): reporter.emit("error", ["message": sentence], text: TerminalLine(lines: sentence))
        }
    }

    private func kept(_ outcome: ReceiveOutcome, card: SignedCard) {
        switch outcome {
        case .added(let contact), .merged(let contact, _): reporter.saved(contact.displayName, how: "Added")
        case .updated(let contact, _, _): reporter.saved(contact.displayName, how: "Updated")
        case .alreadyHave(let contact): reporter.saved(contact.displayName, how: "Already had")
        case .refusedKeyConflict(let contact):
            reporter.emit("refused", [:], text: TerminalLine(lines: ContactBookError.keyConflict(contact.nodeID?.rawValue ?? card.nodeID.rawValue).description))
        case .ignoredBlocked(let contact): reporter.emit("refused", [:], text: "\(contact.displayName) is blocked; the card was ignored.")
        case .ignored: break
        }
    }

    // MARK: What the coordinator asks

    func decideOnConfirm(_ screen: ConfirmScreen) async -> ConfirmDecision {
        guard !options.accept, Prompt.canAsk else { return .wait }
        let answer = await terminal.choose("Exchange cards with this person?", ["exchange", "wait"])
        return answer == "exchange" ? .exchange(options.oneWay ? .give : .exchange) : .wait
    }

    func decideOnRequest(from card: SignedCard) async -> Bool {
        if options.accept { return true }
        guard Prompt.canAsk else {
            reporter.emit("notAsking", [:], text: "Not asking: standard input is not a terminal. Use --accept to accept requests.")
            return false
        }
        return await terminal.choose("Accept?", ["accept", "decline"]) == "accept"
    }

    func decideToKeep(_ card: SignedCard) async -> Bool {
        if options.yes { return true }
        guard Prompt.canAsk else {
            reporter.emit("notSaved", [:], text: "Not asking: standard input is not a terminal. Add with --yes. Nothing was stored.")
            return false
        }
        return await terminal.choose("Add \(card.card.name ?? card.nodeID.rawValue)?", ["add", "ignore"]) == "add"
    }

    func noteToSend() async -> String? {
        if let note = options.note { return note }
        guard Prompt.canAsk else { return nil }
        FileHandle.standardError.write(Data("Your note to them (Enter to send none): ".utf8))
        let line = await terminal.nextLine()?.trimmingCharacters(in: .whitespaces) ?? ""
        return line.isEmpty ? nil : line
    }
}
