// The handshake patterns this library runs, as token lists (Noise specification revision 34, sections 7
// and 9). It establishes the message sequence of NN and NNpsk0 (the two the nearby exchange uses) and XX
// (kept so the published test vectors exercise the static-key tokens too). It does not parse pattern
// names in general and has no pre-messages, so patterns such as NK or KK are out of reach.

/// One token of a handshake message.
enum NoiseToken: Sendable, Equatable {
    case e, s, ee, es, se, ss, psk
}

/// A handshake pattern: its name as it appears in the protocol name, and the tokens of each message
/// (message 0 from the initiator, then alternating).
struct NoisePattern: Sendable, Equatable {
    let name: String
    let messages: [[NoiseToken]]

    /// Whether any message carries a `psk` token, which makes `e` also call MixKey.
    var usesPreSharedKey: Bool { messages.contains { $0.contains(.psk) } }

    /// `-> e`, `<- e, ee`: no static keys; anonymous on both sides.
    static let nn = NoisePattern(name: "NN", messages: [[.e], [.e, .ee]])
    /// NN with the pre-shared key mixed in before the initiator's ephemeral key.
    static let nnPSK0 = NoisePattern(name: "NNpsk0", messages: [[.psk, .e], [.e, .ee]])
    /// `-> e`, `<- e, ee, s, es`, `-> s, se`: both static keys sent, encrypted.
    static let xx = NoisePattern(name: "XX", messages: [[.e], [.e, .ee, .s, .es], [.s, .se]])

    static let all = [nn, nnPSK0, xx]

    /// The full protocol name in this library's one suite, e.g. `Noise_NN_25519_ChaChaPoly_SHA256`.
    var protocolName: String { "Noise_\(name)_25519_ChaChaPoly_SHA256" }

    /// The pattern whose protocol name this is, among the ones above.
    static func named(_ protocolName: String) -> NoisePattern? {
        all.first { $0.protocolName == protocolName }
    }
}
