// Establishes who opens the connection when two people choose each other at the same moment
// (docs/protocols/nearby-discovery.md §8): both devices apply the same rule to the same two instance names,
// so exactly one connects at once and the other waits a moment for that connection. It does not decide who
// may connect: any device may connect to a device that chose nobody, and the secure channel, not the rule,
// settles who is really there.

/// The rule two devices follow when both chose the other: the one whose instance name is smaller connects.
@_spi(Wire) public enum CrossingRule {
    /// How long the device whose name is larger waits for the other's connection before it connects itself
    /// (the other person may not have chosen anyone, so someone must connect in the end).
    public static let grace: Duration = .seconds(2)

    /// Whether the device advertising as `own` connects at once to the device advertising as `other`:
    /// `own` is smaller, comparing the names' UTF-8 bytes one by one (a prefix is smaller). Instance names are
    /// 16 lowercase Crockford Base32 characters, so this is also their alphabetical order.
    public static func connectsFirst(own: String, other: String) -> Bool {
        own.utf8.lexicographicallyPrecedes(other.utf8)
    }
}
