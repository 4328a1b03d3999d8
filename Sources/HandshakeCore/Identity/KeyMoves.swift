/// The rule of a card's chain of key moves (card.md, key 17): one to four ``KeyMove``s, oldest first, each
/// signed by the key it moves from, each moving from the key the one before moved to, the last to the card's
/// own key, and no key twice. A card that breaks it is refused whole: a move that is not the old key's own
/// statement must never make a stranger's card pass as a contact's.
@_spi(Wire) public enum KeyMoves {
    /// The most moves a card carries: a chain longer than this keeps its newest moves, so a contact who
    /// knew only a key older than all of them no longer recognises the card.
    public static let limit = 4

    /// `existing` (the moves the old card carried) followed by `move`, cut to the newest ``limit``.
    public static func chain(_ existing: [KeyMove], then move: KeyMove) -> [KeyMove] {
        Array((existing + [move]).suffix(limit))
    }

    /// The moves in a card's key 17, checked: the shape of each, every signature, and the chain ending at `key`.
    static func decode(_ item: CBOR, endingAt key: SigningPublicKey) throws(CardRejection) -> [KeyMove] {
        guard case .array(let items) = item, (1...limit).contains(items.count) else {
            throw invalid("it is not a list of 1 to \(limit) moves")
        }
        var moves: [KeyMove] = []
        for entry in items { moves.append(try KeyMove(entry)) }
        try check(moves, endingAt: key)
        return moves
    }

    /// Whether `moves` is a chain a card of `key` may carry; the reason it is not otherwise.
    public static func check(_ moves: [KeyMove], endingAt key: SigningPublicKey) throws(CardRejection) {
        guard (1...limit).contains(moves.count) else { throw invalid("it is not a list of 1 to \(limit) moves") }
        for (index, move) in moves.enumerated() {
            guard move.isSigned else { throw invalid("a move is not signed by the key it moves from") }
            let next = index + 1 < moves.count ? moves[index + 1].oldKey : key
            guard move.newKey == next else { throw invalid("the moves do not lead to the card's own key") }
        }
        let keys = moves.map(\.oldKey) + [key]
        guard Set(keys).count == keys.count else { throw invalid("a key appears in it twice") }
    }

    static func invalid(_ reason: String) -> CardRejection {
        .invalidField("key move", reason: reason)
    }
}
