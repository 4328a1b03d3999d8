// The 32-byte secret two devices share before they connect (from an NFC tap or a typed code turned into a
// key by a PAKE), used as Noise's pre-shared key. It establishes that the channel is keyed by it, so a relay
// without it cannot complete the handshake. It does not make the secret secret: whoever reads the NFC tag
// or the typed code has it, which is why tokens expire within a minute and are used once.

/// A session secret: exactly 32 bytes. Its description never shows the bytes.
public struct SessionSecret: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    let bytes: [UInt8]

    /// The secret, or nil unless `bytes` holds exactly 32 bytes.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 32 else { return nil }
        self.bytes = Array(bytes)
    }

    /// Says a secret is there, never what it is.
    public var description: String { "SessionSecret(32 bytes, hidden)" }
    /// The same as ``description``: hidden.
    public var debugDescription: String { description }
    /// An empty mirror, so `dump` and debuggers show nothing of the secret.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
