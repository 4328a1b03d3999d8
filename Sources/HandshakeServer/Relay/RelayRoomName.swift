// Establishes what names a room: 16 bytes, written as 32 lowercase hexadecimal digits in the path. The
// devices derive it from their session's secret (docs/protocols/nearby-relay.md §2), so it tells the relay
// nothing of the secret, and nobody who did not hold the token can find the room.

/// A room's name, as the path spells it.
struct RelayRoomName: Hashable, Sendable, CustomStringConvertible {
    let text: String

    /// The name in `text`, or `nil` unless it is exactly 32 lowercase hexadecimal digits.
    init?(_ text: Substring) {
        guard text.utf8.count == 32, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        self.text = String(text)
    }

    var description: String { text }
}
