import ArgumentParser
import Foundation
import HandshakeAvatar
import HandshakeCore
import HandshakeExchange
import HandshakeNearby
import HandshakePresentation
import HandshakeQR
import HandshakeQRPNG
import HandshakeQRReader
import HandshakeStore

/// `handshake nearby` as a front end of HandshakeNearby's `NearbyCoordinator`: it prints what changed
/// between the coordinator's snapshots (text, or JSON lines) and answers the snapshot's questions from the
/// flags or at the terminal. The meeting, the session, the crossing rule and what is kept are the
/// coordinator's.
@MainActor
final class NearbyRunner {
    let options: NearbyCommand
    let reporter: NearbyReporter
    lazy var terminal = TerminalInput()
    /// The question being asked at the terminal (or answered from the flags), so each is asked once.
    private var asked: Prompt.Key?
    /// The prompt waiting for a line, while one does.
    private var prompting: Task<Void, Never>?
    /// The list of people nearby as last shown, which a typed choice names someone from.
    private var listed: [NearbyPerson] = []

    init(options: NearbyCommand) {
        self.options = options
        var reporter = NearbyReporter(json: options.output.json)
        if case .giveToken(let file) = options.meeting { reporter.tokenFile = file.path }
        self.reporter = reporter
    }

    /// Meets the other device, runs the session, and exits 1 with a sentence unless it completed.
    func run() async throws {
        let home = HandshakeHome.current()
        let account = try home.account()
        // The person confirms at the prompt (or with --yes); a terminal has no second factor to ask.
        var configuration = NearbyCoordinator.Configuration(gate: AlwaysConfirm())
        configuration.host = options.host
        configuration.port = options.port
        configuration.interface = options.interface
        configuration.showsName = options.showName
        // With the name, people nearby see a thumbnail of the card's photo in their list (nearby.md §2).
        configuration.listPhoto = AvatarPhoto.listPhoto(of: (try? account.issueCard())?.card.avatar, within: NearbyCoordinator.Configuration.listPhotoBytes)
        // The other device is chosen already (--select, a token, a code, an address with --request): send at once.
        configuration.requestsAtOnce = options.request || options.select != nil
        configuration.requestKind = options.oneWay ? .give : .exchange
        // --yes: someone new is added without asking.
        configuration.keeping = options.yes ? .atOnce : .ask
        configuration.relay = relay(in: home)
        let coordinator: NearbyCoordinator
        do {
            coordinator = try NearbyCoordinator(account: account, configuration: configuration)
        } catch let error as CardFieldError {
            throw CommandFailure(error.description)
        }
        let meeting = try await meeting(for: options.meeting)
        let following = Task { await self.follow(coordinator) }
        // At a terminal, the person chooses from the list by typing a number, a name or the start of an id: the
        // list last shown (the person reads it on the terminal) resolves it by the library's rule.
        var chooser: Task<Void, Never>?
        if case .discover(nil) = options.meeting, !options.accept, Prompt.canAsk {
            chooser = Task {
                while let line = await self.terminal.nextLine() {
                    guard let person = NearbyPerson.typed(line, among: self.listed) else {
                        self.reporter.unknownChoice(line)
                        continue
                    }
                    if coordinator.choose(peerID: person.peer.id) != nil { return }
                }
            }
        }
        defer {
            chooser?.cancel()
            prompting?.cancel()
        }
        // The token works once: its file goes when the command ends, whatever happened.
        defer { if case .giveToken(let file) = options.meeting { try? FileManager.default.removeItem(at: file) } }
        do {
            try await coordinator.run(meeting, timeout: .seconds(options.timeout))
        } catch {
            await following.value
            // A --select that names more than one device is the person's to say again (exit status 2).
            if case .sameName = error { throw ValidationError(error.description) }
            throw CommandFailure(error.description)
        }
        await following.value
    }

    /// Prints each change of the exchange and answers each question, until the run is over.
    private func follow(_ coordinator: NearbyCoordinator) async {
        var previous: NearbySnapshot?
        for await snapshot in coordinator.snapshots() {
            let choosing = coordinator.snapshot.stage.isLooking && Prompt.canAsk && !options.accept && options.select == nil
            reporter.report(from: previous, to: snapshot, choosing: choosing)
            if case .looking(let looking) = snapshot.stage { listed = looking.people }
            previous = snapshot
            consider(snapshot, coordinator)
        }
    }

    /// The coordinator's meeting for the command line's way to meet: token files are read and written here.
    func meeting(for meeting: NearbyCommandMeeting) async throws -> NearbyMeeting {
        switch meeting {
        case .discover(let select): return .discover(choice: select)
        case .giveToken(let file):
            return .giveToken { token in
                try SecretFile.write(file.pathExtension.lowercased() == "png" ? try Self.picture(of: token) : token.ndefMessage, to: file)
            }
        case .readToken(let file):
            if Self.isPicture(file) {
                let text: [UInt8]
                do throws(QRPictureError) { text = try await QRPictureReader().read(fileAt: file.path) } catch { throw CommandFailure(error.description) }
                do throws(SessionTokenError) {
                    return .readToken(try SessionToken(qrText: String(decoding: text, as: UTF8.self), at: Date()))
                } catch {
                    throw CommandFailure(error.description)
                }
            }
            let bytes = try SecretFile.read(file, limit: SessionToken.longestMessage)
            do { return .readToken(try SessionToken(ndefMessage: bytes, at: Date())) } catch { throw CommandFailure(error.description) }
        case .showCode: return .showCode
        case .typeCode(let code): return .typeCode(code)
        case .listen: return .listen
        case .connect(let address): return .connect(host: address.host, port: address.port)
        }
    }

    /// Whether a token file to read is a picture of its QR code (by its name), not its NDEF message.
    nonisolated static func isPicture(_ file: URL) -> Bool { ["png", "jpg", "jpeg"].contains(file.pathExtension.lowercased()) }

    /// The PNG of `token`'s QR code, at the level every Handshake code has.
    nonisolated static func picture(of token: SessionToken) throws -> [UInt8] {
        try CardQRCode.make(showing: token.qrText).png(moduleSize: 8, quietZone: 4)
    }

    /// The relay a token's issuer waits at too: `--relay`, else the registered server, unless `--no-relay`.
    func relay(in home: HandshakeHome) -> RelayServer? {
        guard !options.noRelay else { return nil }
        if let given = options.relay { return try? RelayServer(origin: given) }
        guard let server = RegisteredServer.registration(in: home).server(), let scheme = server.scheme, let host = server.host else { return nil }
        return try? RelayServer(origin: "\(scheme)://\(host.contains(":") ? "[\(host)]" : host)\(server.port.map { ":\($0)" } ?? "")")
    }

    // MARK: Answering

    /// Answers the snapshot's question once: from the flags at once, or with a prompt at the terminal (one
    /// prompt at a time; the next question is considered when it is answered).
    private func consider(_ snapshot: NearbySnapshot, _ coordinator: NearbyCoordinator) {
        guard prompting == nil else { return }
        guard let question = snapshot.question else {
            asked = nil
            return
        }
        let key = Prompt.Key(question: question, ourNote: Self.ourNote(snapshot))
        guard key != asked else { return }
        asked = key
        if let answer = standingAnswer(question, refused: Self.refusedNote(snapshot)) {
            try? coordinator.answer(answer)
            return
        }
        prompting = Task {
            let answer = await self.prompt(question)
            self.prompting = nil
            if let answer { try? coordinator.answer(answer) }
            self.consider(coordinator.snapshot, coordinator)
        }
    }

    /// The answer the flags give, or the one given when no terminal can ask; `nil`: ask.
    private func standingAnswer(_ question: NearbyQuestion, refused: RefusedNote?) -> NearbyAnswer? {
        switch question {
        case .exchange:
            // A device that accepts requests waits for one; without a terminal nobody can say "exchange".
            return options.accept || !Prompt.canAsk ? .wait : nil
        case .request:
            if options.accept { return .accept }
            guard Prompt.canAsk else {
                reporter.emit("notAsking", [:], text: "Not asking: standard input is not a terminal. Use --accept to accept requests.")
                return .decline
            }
            return nil
        case .keep(let keep):
            // --yes adds at once; a card that matches a contact is added as a contact of its own, as before.
            // A card that passes for a contact is never kept unasked: --yes does not answer for it.
            if !keep.passesFor.isEmpty && (options.yes || !Prompt.canAsk) {
                warnNotYourContact(keep)
                reporter.emit("notSaved", [:], text: "Not added: their card claims a contact's name, and nobody was asked. Nothing was stored.")
                return .keep(keep.unanswered)
            }
            if options.yes { return .keep(.addSeparately(trust: keep.trust)) }
            guard Prompt.canAsk else {
                reporter.emit("notSaved", [:], text: "Not asking: standard input is not a terminal. Add with --yes. Nothing was stored.")
                return .keep(keep.unanswered)
            }
            return nil
        case .note:
            // A note given with --note that was refused is not sent again.
            if let note = options.note { return refused?.text == note ? .noNote : .note(note) }
            return Prompt.canAsk ? nil : .noNote
        }
    }

    /// Says, before anything about their card is decided, that it only claims a contact's name.
    private func warnNotYourContact(_ keep: NearbyKeepQuestion) {
        let claim = NameClaim.namesake(of: keep.passesFor)
        guard let warning = NameClaimSentences.warning(claim, claimed: keep.card.card.name, nodeID: keep.card.nodeID) else { return }
        reporter.emit("notYourContact", ["passesFor": keep.passesFor.map(\.displayName)], text: "\(TerminalLine(warning))")
    }

    /// Asks `question` at the terminal; `nil` when input ended.
    private func prompt(_ question: NearbyQuestion) async -> NearbyAnswer? {
        switch question {
        case .exchange:
            let answer = await terminal.choose("Exchange cards with this person?", ["exchange", "wait"])
            return answer.map { $0 == "exchange" ? .exchange(options.oneWay ? .give : .exchange) : .wait }
        case .request:
            let answer = await terminal.choose("Accept?", ["accept", "decline"])
            return answer.map { $0 == "accept" ? .accept : .decline }
        case .keep(let keep):
            warnNotYourContact(keep)
            // The library's question, the web app's words; merged only into the one contact the card matches.
            let question = NearbySentences.keepQuestion(keep)
            if let match = keep.mergeTarget {
                let answer = await terminal.choose("\(question)", ["merge", "separately", "ignore"])
                switch answer {
                case "merge": return .keep(.merge(into: match.id))
                case "separately": return .keep(.addSeparately(trust: keep.trust))
                case "ignore": return .keep(.ignore)
                default: return nil
                }
            }
            if keep.isMerge {
                let answer = await terminal.choose("\(question)", ["separately", "ignore"])
                return answer.map { $0 == "separately" ? .keep(.addSeparately(trust: keep.trust)) : .keep(.ignore) }
            }
            let answer = await terminal.choose("\(question)", ["add", "ignore"])
            return answer.map { $0 == "add" ? .keep(keep.adding) : .keep(.ignore) }
        case .note:
            FileHandle.standardError.write(Data("Your note to them (Enter to send none): ".utf8))
            guard let line = await terminal.nextLine()?.trimmingCharacters(in: .whitespaces) else { return .noNote }
            return line.isEmpty ? .noNote : .note(line)
        }
    }

    /// Our note box, for telling a refused note's question from the first one.
    private static func ourNote(_ snapshot: NearbySnapshot) -> NearbyOurNote? {
        if case .succeeded(let success) = snapshot.stage { return success.ourNote }
        return nil
    }

    private static func refusedNote(_ snapshot: NearbySnapshot) -> RefusedNote? {
        if case .writing(let refused?)? = ourNote(snapshot) { return refused }
        return nil
    }
}

extension Prompt {
    /// A question as asked once: the note box asks again after a refused note.
    struct Key: Equatable {
        let question: NearbyQuestion
        let ourNote: NearbyOurNote?
    }
}

extension NearbySnapshot.Stage {
    /// Whether the exchange is still looking for the other device.
    var isLooking: Bool {
        if case .looking = self { return true }
        return false
    }
}
