// Establishes how the coordinator carries out what its state machine decides: each session screen, each
// answer of the person's and each result (the book's, the session's, the clock's) goes to `NearbyFlow`; each
// step it returns is one call on the session, the contact book or the clock; then the snapshot goes out. A
// received card is kept through the account's receive rule on the success screen, and stays if the session
// fails afterwards; the meeting is recorded with the contact once the exchange completed.
import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeStore

extension NearbyCoordinator {
    // MARK: The person's answers

    /// The person's answer (a button, a prompt, a script's flag) on the screen the exchange is on.
    /// - Throws: ``NearbyAnswerError/notNow`` when the exchange is not on a screen that takes it: it moved on
    ///   (an answer from a page drawn earlier), or never got there. Nothing changes then.
    public func answer(_ answer: NearbyAnswer) throws(NearbyAnswerError) {
        perform(try flow.answer(answer))
    }

    /// Cancel on a screen of one attempt with someone from the list (connecting to them, the confirm screen,
    /// our request waiting): ends that attempt alone, and the list comes back
    /// (``Configuration/backToListAfterAttempt``). Returns `false`, changing nothing, anywhere else (looking,
    /// a token's or a code's session, the list not given back): the front end then stops the run.
    public func cancelAttempt() -> Bool {
        guard flow.leavingEndsOnlyTheAttempt else { return false }
        return (try? answer(.leave)) != nil
    }

    /// The seconds left until `deadline` on the session's clock (a request's, ``NearbySnapshot/Waiting/deadline``),
    /// rounded up; 0 once it passed.
    public func secondsLeft(until deadline: Duration) -> Int {
        max(0, Int(((deadline - configuration.clock.now().monotonic) / .seconds(1)).rounded(.up)))
    }

    // MARK: Observing

    /// The snapshots from now on: the current one, then each new one; finishes when the run is over.
    public func snapshots() -> AsyncStream<NearbySnapshot> {
        let (stream, continuation) = AsyncStream.makeStream(of: NearbySnapshot.self)
        continuation.yield(snapshot)
        if flow.isOver {
            continuation.finish()
        } else {
            let id = UUID()
            snapshotWatchers[id] = continuation
            continuation.onTermination = { _ in Task { @MainActor [weak self] in self?.snapshotWatchers[id] = nil } }
        }
        return stream
    }

    /// Makes the snapshot of what the flow, the list and the notices hold now, and gives it to every watcher
    /// when it changed.
    func publish() {
        let chosen = lobby.chosenPeer.map(person)
        let next = NearbySnapshot(
            stage: flow.stage(people: lobby.people.map(person), chosen: chosen), ownCard: card, notices: notices, relay: relayedBy)
        if !flow.awaitsKeepAnswer {
            let waiters = settleWaiters
            settleWaiters = []
            waiters.forEach { $0.resume() }
        }
        guard next != snapshot else { return }
        snapshot = next
        snapshotWatchers.values.forEach { $0.yield(next) }
    }

    /// Someone in the list, as a row shows them.
    func person(_ peer: NearbyPeer) -> NearbyPerson {
        NearbyPerson(
            peer: peer, number: lobby.number(of: peer.id), commonFriendCount: commonFriendsNearby[peer.id].map { $0.keys.count },
            photo: photosNearby[peer.id])
    }

    /// Says `kind` once, beside the screens.
    func notice(_ kind: NearbyNotice.Kind) {
        noticesSaid += 1
        notices.append(NearbyNotice(number: noticesSaid, kind: kind))
        if notices.count > NearbyNotice.kept { notices.removeFirst(notices.count - NearbyNotice.kept) }
        publish()
    }

    // MARK: The machine

    /// The exchange's session moved to `state`.
    func sessionMoved(_ state: SessionState) {
        let names = SessionFacts.commonFriends(in: state).map(self.names) ?? []
        apply(.session(state, commonFriendNames: names))
    }

    /// Feeds `input` to the flow and performs what it decides.
    func apply(_ input: NearbyFlowInput) {
        perform(flow.handle(input))
    }

    /// Performs `steps` in order, with the steps their results lead to, then publishes the snapshot.
    func perform(_ steps: [NearbyStep]) {
        var queue = steps
        while !queue.isEmpty {
            queue += execute(queue.removeFirst())
        }
        publish()
    }

    /// Performs one step; returns the steps its result leads to.
    private func execute(_ step: NearbyStep) -> [NearbyStep] {
        switch step {
        case .channelOpened:
            if let opened = whenChannelOpens { Task { await opened() } }
            return []
        case .sendCard(let kind):
            guard let session = currentSession else { return [] }
            Task { await self.sendCard(in: session, kind: kind) }
            return []
        case .decline:
            try? currentSession?.decline()
            return []
        case .cancelRequest:
            try? currentSession?.cancel()
            return []
        case .preview(let signed):
            do {
                return flow.handle(.previewed(try account.book.preview(signed), claim: try account.book.nameClaim(of: signed)))
            } catch {
                return flow.handle(.keepFailed("The card could not be stored: \(error)"))
            }
        case .keep(let signed, let answer):
            do {
                return flow.handle(.kept(try account.book.receive(signed, source: source, answer: answer, now: Date())))
            } catch {
                return flow.handle(.keepFailed("The card could not be stored: \(error)"))
            }
        case .sendNote(let text):
            do throws(SessionActionError) {
                try currentSession?.sendNote(text)
            } catch {
                let reason: NoteError = if case .note(let refusal) = error { refusal } else { .notNow }
                return flow.handle(.noteRefused(text, reason))
            }
            return []
        case .close:
            currentSession?.close()
            return []
        case .closeAfterGrace:
            let (clock, grace) = (configuration.clock, configuration.noteGrace)
            Task {
                try? await clock.sleep(until: clock.now().monotonic + grace)
                self.apply(.graceElapsed)
            }
            return []
        case .backToList(let attempt):
            listGivenBack()
            notice(.attemptEnded(attempt))
            return []
        case .recordMeeting(var record, let contactID):
            // The session layer knows no transport: the relay that carried it is the coordinator's to say.
            record.throughServer = relayedBy?.server
            do { try account.book.recordExchange(record, contactID: contactID) } catch {
                notice(.problem(.meetingNotRecorded(reason: "\(error)")))
            }
            return []
        }
    }

    /// Sends our card (a request, or the acceptance of theirs). The person chose this exchange: a session
    /// from the list that withheld its common friends (the device's were found already while the list was
    /// open) finds them now, as any exchange two people started does. When it could not go (the confirmation
    /// gate said no), the question is open again.
    func sendCard(in session: ExchangeSession, kind: RequestKind) async {
        session.allowCommonFriends()
        do throws(SessionActionError) {
            try await session.exchange(kind: kind)
        } catch {
            // `notNow`: the session moved on meanwhile (their request crossed ours and was accepted); nothing to say.
            if error != .notNow(.request) { notice(.problem(.cardNotSent(error))) }
            apply(.cardNotSent(error))
        }
    }

    /// The names, in the person's book, of the common friends `status` found.
    func names(_ status: CommonFriendsStatus) -> [String] {
        status.keys.compactMap { key in (try? account.book.contact(withSigningKey: key))??.displayName }.sorted()
    }
}
