@_spi(CMS) import X509
import Crypto
import Foundation
import SwiftASN1

/// Signs a pass's manifest as Wallet requires: a detached CMS (PKCS #7) signature by the pass type
/// certificate's key, with the signing time, carrying the certificate and its chain (Apple's WWDR
/// intermediate). The key stays with whoever holds it: an app or the program with the files, or a server
/// given only the manifest.
public struct PassSigner: Sendable {
    let certificate: Certificate
    let privateKey: Certificate.PrivateKey
    let chain: [Certificate]

    /// A signer from PEM text: the pass certificate, its private key (PKCS #8, or RSA / EC in their own
    /// PEM forms), and optionally the chain certificates, concatenated.
    /// - Throws: ``WalletPassError/unreadableCertificate(_:)``, ``WalletPassError/unreadableKey(_:)`` or
    ///   ``WalletPassError/keyDoesNotMatchCertificate``.
    public init(certificatePEM: String, privateKeyPEM: String, chainPEM: String? = nil) throws(WalletPassError) {
        do { certificate = try Certificate(pemEncoded: certificatePEM) } catch { throw .unreadableCertificate(Self.reason(error, block: "CERTIFICATE")) }
        do { privateKey = try Certificate.PrivateKey(pemEncoded: privateKeyPEM) } catch { throw .unreadableKey(Self.reason(error, block: "PRIVATE KEY")) }
        guard privateKey.publicKey == certificate.publicKey else { throw .keyDoesNotMatchCertificate }
        do {
            chain = try (chainPEM.map { try PEMDocument.parseMultiple(pemString: $0) } ?? []).map { try Certificate(pemDocument: $0) }
        } catch {
            throw .unreadableCertificate("the chain: " + Self.reason(error, block: "CERTIFICATE"))
        }
    }

    /// Why a PEM text could not be read, in words: swift-certificates' errors name source files and lines.
    static func reason(_ error: any Error, block: String) -> String {
        if let error = error as? ASN1Error, error.code == .invalidPEMDocument {
            return "it is not PEM text (it needs a -----BEGIN \(block)----- block)"
        }
        return "its -----BEGIN \(block)----- block does not hold a \(block.lowercased()) Handshake can read"
    }

    /// The pass type identifier the certificate is for (its subject's UID), if it names one.
    public var passTypeIdentifier: String? { subjectValue(of: [0, 9, 2342, 19_200_300, 100, 1, 1]) }
    /// The team identifier the certificate is for (its subject's OU), if it names one.
    public var teamIdentifier: String? { subjectValue(of: .RDNAttributeType.organizationalUnitName) }

    func subjectValue(of type: ASN1ObjectIdentifier) -> String? {
        for name in certificate.subject {
            for attribute in name where attribute.type == type {
                if let value = String(attribute.value) { return value }
            }
        }
        return nil
    }

    /// The DER bytes of the detached signature of `manifest`, made at `now`.
    public func sign(manifest: [UInt8], now: Date) throws(WalletPassError) -> [UInt8] {
        do {
            return try CMS.sign(
                manifest, signatureAlgorithm: signatureAlgorithm, additionalIntermediateCertificates: chain,
                certificate: certificate, privateKey: privateKey, signingTime: now, detached: true)
        } catch {
            throw .signing(String(describing: error))
        }
    }

    /// SHA-256 with the certificate's kind of key.
    var signatureAlgorithm: Certificate.SignatureAlgorithm {
        if P256.Signing.PublicKey(certificate.publicKey) != nil { return .ecdsaWithSHA256 }
        if P384.Signing.PublicKey(certificate.publicKey) != nil { return .ecdsaWithSHA384 }
        if Curve25519.Signing.PublicKey(certificate.publicKey) != nil { return .ed25519 }
        return .sha256WithRSAEncryption
    }
}
