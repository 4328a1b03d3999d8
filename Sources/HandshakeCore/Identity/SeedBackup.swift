/// The identity backup: the seed as a typed code, in groups of five with a check character each, that a
/// person can write down and type back.
///
/// Payload: one version byte (`0x01`) and the 32-byte seed. The version byte also tells a backup apart
/// from a card code, whose payload always starts with `0xD2`.
public enum SeedBackup {
    static let version: UInt8 = 0x01

    /// Why a backup code was not accepted.
    public enum RestoreError: HandshakeError, Equatable {
        /// The code itself is mistyped; the error says where.
        case badCode(GroupedCodeError)
        /// A valid code, but of something else (a card).
        case notABackup
        /// A backup written by a newer Handshake in a format this version does not read.
        case unsupportedVersion(UInt8)

        /// A sentence to show the person restoring their identity.
        public var description: String {
            switch self {
            case .badCode(let error): return error.description
            case .notABackup: return "This code is not an identity backup (is it a card code?)."
            case .unsupportedVersion(let version): return "This backup uses format \(version); this version of Handshake reads format 1."
            }
        }
    }

    /// The backup code of `seed`, as groups of five characters.
    public static func code(for seed: IdentitySeed) -> [String] {
        GroupedCode.groups(for: [version] + seed.bytes)
    }

    /// The seed from a backup code typed by a person.
    public static func restore(from code: String) throws(RestoreError) -> IdentitySeed {
        let payload: [UInt8]
        do {
            payload = try GroupedCode.decode(code, maxPayloadSize: 1 + IdentitySeed.byteCount)
        } catch {
            throw .badCode(error)
        }
        guard payload.count == 1 + IdentitySeed.byteCount else { throw .notABackup }
        guard payload[0] == version else { throw .unsupportedVersion(payload[0]) }
        return IdentitySeed(uncheckedBytes: Array(payload.dropFirst()))
    }
}
