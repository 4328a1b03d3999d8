// Establishes what the coordinator does with the common friends' newer cards the other device carried after
// the swap (docs/protocols/nearby.md §6a): each goes through the book's update rule (a newer card of a
// contact it holds, or nothing), and what changed is said once, as a notice; a refused one is said too.
@_spi(Wire) import HandshakeExchange
import HandshakeStore

extension NearbyCoordinator {
    /// A session's carry event: kept by the update rule and said, or said as refused. Other events pass.
    func carryEvent(_ event: SessionEvent) {
        switch event {
        case .carriedCard(let card):
            do {
                // Anything but an update (the book meanwhile holds it, or no longer holds the person) keeps nothing.
                if case .updated(let contact, let changes, _) = try account.book.receiveUpdate(card) {
                    notice(.cardCarried(name: contact.displayName, changes: changes))
                }
            } catch {
                notice(.problem(.carriedCardNotKept(reason: "\(error)")))
            }
        case .carriedCardRefused(let reason):
            notice(.problem(.carriedCardNotKept(reason: reason)))
        default:
            break
        }
    }

    /// Watches `session`'s events for carried cards until it ends.
    func watchCarry(of session: ExchangeSession) -> Task<Void, Never> {
        let events = session.events()
        return Task { for await event in events { self.carryEvent(event) } }
    }
}
