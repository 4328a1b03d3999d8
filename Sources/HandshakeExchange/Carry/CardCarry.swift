// Establishes the carry of a session, the last thing two people's devices do for each other after the swap
// (docs/protocols/nearby.md §6a): each says which card it holds of each common friend (by its date), each
// answers with the cards it holds that are newer, then says it is done. Only friends both already hold are
// named, so nothing new is learned; every card carried is checked as any card is, and must be of a friend
// asked about and newer than what was said, so the carrier can neither change one nor pass off another.
import Foundation
import HandshakeCore

/// The carry of common friends' newer cards in one session, without I/O: what was offered, what came.
struct CardCarry: Sendable {
    /// The book's cards, or `nil`: this device carries nothing and asks for nothing.
    let cards: (any CommonFriendCards)?
    /// The date we said we hold of each friend, once our versions went out.
    private(set) var offered: [SigningPublicKey: UInt64]?
    /// The friends whose card they carried to us.
    private(set) var arrived: Set<SigningPublicKey> = []
    /// Whether they said they carried all they will.
    private(set) var theyEnded = false
    /// Whether their versions came (at most once).
    private(set) var theirsCame = false
    /// Their versions, until they are answered (as soon as our common friends are known).
    var heldVersions: [CardVersion]?
    /// When a close the person asked for goes ahead even if their cards have not all come.
    var closeDeadline: Duration?

    init(cards: (any CommonFriendCards)?) {
        self.cards = cards
    }

    /// Whether cards they owe us may still come: our versions went out and they have not said they are done.
    var awaitingTheirs: Bool { offered != nil && !theyEnded }

    /// Our versions, once, for the common friends `keys` (the first ``CardVersion/most`` we hold a card of);
    /// `nil` when already sent or when we hold none of theirs (then we ask for nothing).
    mutating func offer(commonFriends keys: [SigningPublicKey]) -> SessionMessage? {
        guard offered == nil, cards != nil else { return nil }
        var versions: [CardVersion] = []
        for key in keys where versions.count < CardVersion.most {
            if let held = held(of: key) { versions.append(CardVersion(key: key, updatedAt: held.card.updatedAt)) }
        }
        guard !versions.isEmpty else { return nil }
        offered = Dictionary(versions.map { ($0.key, $0.updatedAt) }, uniquingKeysWith: max)
        return .cardVersions(CardVersion.sorted(versions))
    }

    /// Their versions arrived. `false` when they came before (a second list is refused).
    mutating func versionsCame() -> Bool {
        guard !theirsCame else { return false }
        theirsCame = true
        return true
    }

    /// Our answer to their versions: each card we hold that is newer than theirs, of a friend who is common to
    /// us (`commonFriends`; an entry for anyone else is not answered, so a list cannot probe the book), then
    /// the end.
    func answer(_ versions: [CardVersion], commonFriends: Set<SigningPublicKey>) -> [SessionMessage] {
        var messages: [SessionMessage] = []
        for version in versions where commonFriends.contains(version.key) {
            if let held = held(of: version.key), held.card.updatedAt > version.updatedAt {
                messages.append(.carriedCard(held.bytes))
            }
        }
        return messages + [.carryEnd]
    }

    /// The book's card of `key`'s owner, if it is signed by that key.
    private func held(of key: SigningPublicKey) -> SignedCard? {
        cards?.newestCard(of: key).flatMap { $0.card.sigKey == key ? $0 : nil }
    }

    /// What became of a card they carried.
    enum Arrival: Equatable {
        /// A genuine, newer card of a friend we asked about: the app's receive rule takes it from here.
        case card(SignedCard)
        /// Not kept; the session goes on. The sentence says why.
        case refused(String)
        /// They broke the carry's rules (a card unasked for, a second of one friend): the session ends.
        case broken(String)
    }

    /// Checks a card they carried, as any card is checked, then against what we asked for.
    mutating func cardCame(_ bytes: [UInt8], now: Date) -> Arrival {
        guard let offered, !theyEnded else { return .broken(CarrySentences.unasked) }
        guard arrived.count < offered.count else { return .broken(CarrySentences.tooMany) }
        let signed: SignedCard
        do throws(CardRejection) {
            signed = try CardVerifier().verify(bytes, now: now)
        } catch {
            return .refused(CarrySentences.refused(error.description))
        }
        guard let ours = offered[signed.card.sigKey] else { return .broken(CarrySentences.notAsked) }
        guard arrived.insert(signed.card.sigKey).inserted else { return .broken(CarrySentences.twice) }
        guard signed.card.updatedAt > ours else { return .refused(CarrySentences.notNewer) }
        return .card(signed)
    }

    /// They said they are done.
    mutating func endCame() -> Bool {
        guard offered != nil, !theyEnded else { return false }
        theyEnded = true
        return true
    }
}

/// The sentences of the carry.
enum CarrySentences {
    static let unasked = "The other device sent a common friend's card it was not asked for."
    static let tooMany = "The other device sent more common friends' cards than it was asked for."
    static let notAsked = "The other device sent the card of someone it was not asked about."
    static let twice = "The other device sent a common friend's card twice."
    static let notNewer = "A common friend's card the other device carried is not newer than yours; it was not kept."
    static let early = "The other device offered common friends' cards before the cards were swapped."
    static let secondList = "The other device listed its common friends' cards twice."
    static let unexpectedEnd = "The other device ended a carry of common friends' cards that never began."

    static func refused(_ reason: String) -> String {
        "A common friend's card the other device carried was refused: \(reason)"
    }
}
