// Establishes what happens on each screen of one session: the front end is shown the screen and asked
// the screen's question once; a received card is kept through the account's receive rule; the meeting is
// recorded with the contact when the exchange completes; the session closes once both notes are in (or,
// without a note of ours, a moment after theirs could have come).
import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeStore

extension NearbyCoordinator {
    func handle(_ state: SessionState, _ session: ExchangeSession) async {
        // Common friends may be found on any screen after the first: when both sides decide at once, the
        // request, the answer and even the cards can come before the private set intersection ends.
        if channelOpened, let friends = Self.commonFriends(in: state), friends != reportedFriends {
            if case .found = friends { show(.commonFriends(names(friends))) }
            reportedFriends = friends
        }
        // The channel is open from the first screen after connecting. That is the confirm screen, unless the
        // other device's request came with the end of the handshake (both of a token's or code's devices
        // request at once): the session then moves past confirm in one step, and no confirm state is seen.
        if !channelOpened, let opened = Self.openedScreen(state) {
            channelOpened = true
            await whenChannelOpens?()
            show(.connected(opened, commonFriendNames: names(opened.commonFriends), ownCard: card))
            reportedFriends = opened.commonFriends
        }
        switch state {
        case .confirm(let screen):
            guard !acted else { return }
            acted = true
            // A token read or a code typed is both people's intent (docs/protocols/nearby-bootstrap.md §4):
            // the cards cross at once, with no request to answer.
            var decision = ConfirmDecision.exchange(configuration.requestKind)
            if !configuration.requestsAtOnce && !sessionHasSecret { decision = await frontEnd?.decideOnConfirm(screen) ?? .wait }
            if case .exchange(let kind) = decision {
                saidExchange = true
                await sendCard(in: session, kind: kind)
            }
        case .incomingRequest(let screen):
            // Asked once: the screen changes under the question when the common friends come in.
            guard !shownIncoming else { return }
            shownIncoming = true
            show(.incomingRequest(screen.theirCard))
            answer(screen, session)
        case .succeeded(let screen):
            if let theirCard = screen.theirCard, !saving {
                saving = true
                show(.received(theirCard, alreadyShown: shownIncoming))
                await keep(theirCard)
                savingDone = true
            }
            if let note = screen.theirNote, !theirNoteShown {
                theirNoteShown = true
                show(.note(note.text))
            }
            if !noteAsked, screen.theirCard == nil || savingDone {
                noteAsked = true
                askForNote(session)
            }
            // Close once both notes are in (or none is coming from us and theirs came), and the common
            // friends for the meeting's record (a moment more at most: the cards did not wait for them); a
            // person who sends none is waited for by the session's idle timeout or the run's time limit.
            let ourDone = screen.ourNote != nil || noteSkipped
            if ourDone && screen.theirNote != nil {
                if case .pending = screen.commonFriends { closeSoon(session) } else { session.close() }
            }
        case .ended(let ending):
            // Their note and their close can arrive in one read (they close as soon as both notes are in):
            // the session then goes from success straight to its end, and the note is only in the record.
            if case .completed(let record) = ending, let note = record.theirNote, !theirNoteShown {
                theirNoteShown = true
                show(.note(note))
            }
            // A connection that never opened its channel with a token's or code's secret is reported by the
            // meeting that made it, which may go on waiting.
            if channelOpened || !sessionHasSecret { show(.ended(ending)) }
        case .connecting, .waiting:
            break
        }
    }

    /// The confirm screen as it stood when the channel opened, from whichever screen came first after it.
    static func openedScreen(_ state: SessionState) -> ConfirmScreen? {
        switch state {
        case .confirm(let screen): screen
        case .waiting(let screen): ConfirmScreen(shortCode: screen.shortCode, commonFriends: screen.commonFriends)
        case .incomingRequest(let screen): ConfirmScreen(shortCode: screen.shortCode, commonFriends: screen.commonFriends)
        case .succeeded(let screen): ConfirmScreen(shortCode: screen.shortCode, commonFriends: screen.commonFriends)
        case .connecting, .ended: nil
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

    /// Answers their request: at once when the person already said yes (a device that chose the other did
    /// by choosing; so did both people of a token or code, and a person who said "exchange" on the confirm
    /// screen while the other's request was on its way), else when the person does. The question is asked
    /// aside, so the screens go on changing under it: the common friends found meanwhile are shown while the
    /// person decides, and a request that expires ends the session whatever the answer.
    func answer(_ screen: IncomingRequestScreen, _ session: ExchangeSession) {
        let accepted = configuration.requestsAtOnce || sessionHasSecret || saidExchange
        Task {
            var accepts = accepted
            if !accepts { accepts = await frontEnd?.decideOnRequest(from: screen.theirCard) ?? false }
            if accepts {
                await self.sendCard(in: session)
            } else {
                try? session.decline()
            }
        }
    }

    /// Sends our card (a request, or the acceptance of theirs). The person chose this exchange: a session
    /// from the list that withheld its common friends (the device's were found already while the list was
    /// open) finds them now, as any exchange two people started does.
    func sendCard(in session: ExchangeSession, kind: RequestKind = .exchange) async {
        session.allowCommonFriends()
        try? await session.exchange(kind: kind)
    }

    /// The note box of the success screen: what the front end gives goes to the other device at once;
    /// none means the session closes once theirs is in, or a moment later.
    func askForNote(_ session: ExchangeSession) {
        Task {
            guard let text = await frontEnd?.noteToSend() else {
                noteSkipped = true
                if case .succeeded(let screen) = session.state, screen.theirNote != nil, screen.commonFriends != .pending {
                    session.close()
                } else {
                    closeSoon(session)
                }
                return
            }
            noteSent = true
            do { try session.sendNote(text) } catch { show(.problem("The note was not sent: \(error)")) }
        }
    }

    /// Without a note of our own, wait a moment for theirs, then close.
    func closeSoon(_ session: ExchangeSession) {
        guard !closingSoon else { return }
        closingSoon = true
        let (clock, grace) = (configuration.clock, configuration.noteGrace)
        Task {
            try? await clock.sleep(until: clock.now().monotonic + grace)
            session.close()
        }
    }

    func names(_ status: CommonFriendsStatus) -> [String] {
        status.keys.compactMap { key in (try? account.book.contact(withSigningKey: key))??.displayName }.sorted()
    }

    /// Keeps the received card by the receive rule: someone new only once the front end says so; a newer
    /// card of a known contact at once. Kept here, on the success screen, it stays even if the session
    /// fails afterwards (a note refused, the connection lost before the close): the cards had crossed, each
    /// verified and bound to this session. Only the meeting waits for the session to complete (``finish(_:)``).
    func keep(_ signed: SignedCard) async {
        do {
            var answer = ReceiveAnswer.addSeparately(trust: .trusted)
            if case .new = try account.book.receive(signed) {
                let keeps = await frontEnd?.decideToKeep(signed) ?? false
                if !keeps { answer = .ignore }
            }
            let outcome = try account.receive(signed, source: source, answer: answer, now: Date())
            switch outcome {
            case .added(let contact), .merged(let contact, _), .updated(let contact, _, _), .alreadyHave(let contact):
                savedContactID = contact.id
                savedContactName = contact.displayName
            case .refusedKeyConflict, .ignoredBlocked, .ignored:
                break
            }
            show(.kept(outcome, card: signed))
        } catch {
            show(.problem("The card could not be stored: \(error)"))
        }
    }

    /// The meeting is kept with the contact once the exchange is complete.
    func finish(_ final: SessionEnding) {
        lastEnding = final
        guard case .completed(let record) = final, let contactID = savedContactID else { return }
        do { try account.book.recordExchange(record, contactID: contactID) } catch {
            show(.problem("The meeting could not be recorded: \(error)"))
        }
    }
}
