import Foundation
import HandshakeCore

/// Why a Wallet pass could not be made.
public enum WalletPassError: HandshakeError, Equatable {
    /// The card does not fit one QR code, which Wallet would have to draw.
    case cardTooLargeForQR
    /// The certificate (or a chain certificate) is not PEM text of an X.509 certificate.
    case unreadableCertificate(String)
    /// The private key is not PEM text of a key swift-certificates reads.
    case unreadableKey(String)
    /// The private key is not the certificate's.
    case keyDoesNotMatchCertificate
    /// A manifest signed elsewhere is not the manifest of this pass.
    case manifestDoesNotMatch
    /// Signing failed.
    case signing(String)
    /// Writing a file of the pass failed.
    case encoding(String)

    /// A sentence for the person making the pass.
    public var description: String {
        switch self {
        case .cardTooLargeForQR: "This card is too large for one QR code, so Wallet could not show it; share fewer fields or a smaller avatar."
        case .unreadableCertificate(let reason): "The pass certificate can't be read: \(reason)."
        case .unreadableKey(let reason): "The pass certificate's private key can't be read: \(reason)."
        case .keyDoesNotMatchCertificate: "The private key does not belong to the pass certificate."
        case .manifestDoesNotMatch: "The signed manifest is not this pass's manifest; nothing was packed."
        case .signing(let reason): "The pass could not be signed: \(reason)."
        case .encoding(let reason): "The pass could not be written: \(reason)."
        }
    }
}
