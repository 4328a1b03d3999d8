// A front end for tests, standing in for an app's screens: it follows a coordinator's snapshots, keeps every
// one, and answers each question once as its script says.
import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
@_spi(Wire) @testable import HandshakeNearby
import HandshakeStore

@MainActor
final class ScriptedScreen {
    let note: String?
    var accepts = true
    var keeps = true
    var confirm: ConfirmDecision = .wait
    /// Every snapshot seen, in order.
    private(set) var seen: [NearbySnapshot] = []
    private(set) var requestsAsked = 0
    private var answered: NearbyQuestion?
    private let (ports, portSink) = AsyncStream.makeStream(of: Int.self)

    init(note: String?) { self.note = note }

    /// Follows `coordinator` from now on; returns it.
    @discardableResult
    func follow(_ coordinator: NearbyCoordinator) -> NearbyCoordinator {
        let updates = coordinator.snapshots()
        Task { for await snapshot in updates { self.take(snapshot, coordinator) } }
        return coordinator
    }

    private func take(_ snapshot: NearbySnapshot, _ coordinator: NearbyCoordinator) {
        seen.append(snapshot)
        if case .looking(let looking) = snapshot.stage, case .listening(let port) = looking.way { portSink.yield(port) }
        guard let question = snapshot.question, question != answered else { return }
        answered = question
        switch question {
        case .exchange: try? coordinator.answer(confirm == .wait ? .wait : .exchange(.exchange))
        case .request:
            requestsAsked += 1
            try? coordinator.answer(accepts ? .accept : .decline)
        case .keep: try? coordinator.answer(.keep(keeps ? .addSeparately(trust: .trusted) : .ignore))
        case .note: try? coordinator.answer(note.map(NearbyAnswer.note) ?? .noNote)
        }
    }

    /// The port the coordinator listens on, once it does.
    func listeningPort() async -> Int {
        for await port in ports { return port }
        return 0
    }

    /// Their notes shown, in order.
    var notes: [String] {
        var notes: [String] = []
        for snapshot in seen {
            if let note = Self.swap(snapshot.stage)?.theirNote, notes.last != note { notes.append(note) }
        }
        return notes
    }

    /// Every notice said, once each, in order.
    var notices: [NearbyNotice] {
        var said: [Int: NearbyNotice] = [:]
        for snapshot in seen { for notice in snapshot.notices { said[notice.number] = notice } }
        return said.keys.sorted().compactMap { said[$0] }
    }

    /// What the list turned away, in the order said.
    var turnedAway: [LobbyRefusal] {
        notices.compactMap { if case .turnedAway(let refusal) = $0.kind { refusal } else { nil } }
    }

    /// Whether their card was kept, in any snapshot seen.
    var kept: Bool {
        seen.contains { if case .kept? = Self.swap($0.stage)?.saving { true } else { false } }
    }

    /// The last ending seen.
    var ended: NearbySnapshot.Ended? {
        for snapshot in seen.reversed() { if case .ended(let ended) = snapshot.stage { return ended } }
        return nil
    }

    static func swap(_ stage: NearbySnapshot.Stage) -> NearbySnapshot.Success? {
        switch stage {
        case .succeeded(let success): success
        case .ended(let ended): ended.swap
        default: nil
        }
    }
}
