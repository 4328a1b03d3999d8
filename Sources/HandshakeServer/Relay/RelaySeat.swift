// Establishes how a seat is named across instances: the instance that holds its connection, and a number
// that instance gave it. Instances sharing one PostgreSQL database each take a random name when they start,
// so a seat's name is unique among them without any coordination.
import Foundation

/// A server instance, as the relay's rooms name it: 16 lowercase hexadecimal digits, random per start.
struct RelayInstanceID: Hashable, Sendable, CustomStringConvertible {
    let text: String

    /// A fresh name, for an instance that is starting.
    static func random() -> RelayInstanceID {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        return RelayInstanceID(unchecked: String(value, radix: 16).leftPadded(to: 16))
    }

    /// The name in `text`, or `nil` unless it is exactly 16 lowercase hexadecimal digits.
    init?(_ text: Substring) {
        guard text.utf8.count == 16, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        self.text = String(text)
    }

    private init(unchecked text: String) { self.text = text }

    var description: String { text }
}

/// One connection's place in a room: which instance holds it, and its number there.
struct RelaySeat: Hashable, Sendable, CustomStringConvertible {
    let instance: RelayInstanceID
    let number: Int

    var description: String { "\(instance):\(number)" }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
