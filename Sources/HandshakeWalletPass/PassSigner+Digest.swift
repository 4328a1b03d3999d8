// Establishes how a pass is signed by someone who never sees it: a detached CMS SignedData (RFC 5652) built
// from the SHA-256 of manifest.json alone. With signed attributes, the signer signs the DER of the
// attributes (content type, message digest, signing time), and the content enters only through its digest;
// so a server holding the pass certificate can sign a device's pass while the card stays on the device.
//
// swift-certificates signs CMS only from the content itself and keeps its CMS types internal, so the
// SignedData is written here with SwiftASN1, field for field as `CMS.sign` writes it (version 1,
// issuer-and-serial signer id, the certificate and chain included, no content). The tests check the result
// with `openssl cms -verify -binary -content manifest.json` against the issuing CA.
@_spi(CMS) import X509
import Crypto
import Foundation
import SwiftASN1

extension PassSigner {
    /// The DER bytes of a detached signature of the manifest whose SHA-256 is `manifestDigest`, made at `now`.
    /// - Throws: ``WalletPassError/signing(_:)`` for a digest that is not 32 bytes, or a key that fails.
    public func sign(manifestDigest: [UInt8], now: Date) throws(WalletPassError) -> [UInt8] {
        guard manifestDigest.count == SHA256.byteCount else {
            throw .signing("a SHA-256 digest is 32 bytes, not \(manifestDigest.count)")
        }
        do {
            let algorithm = signatureAlgorithm
            let attributes = try SignedAttribute.forManifest(digest: manifestDigest, signingTime: now)
            // RFC 5652 §5.4: the signature covers the attributes encoded as a SET OF (tag 0x31), though they
            // travel with the [0] IMPLICIT tag.
            var signingInput = DER.Serializer()
            try signingInput.serializeSetOf(attributes)
            let signature = try privateKey.sign(bytes: signingInput.serializedBytes, signatureAlgorithm: algorithm)
            var out = DER.Serializer()
            try out.appendConstructedNode(identifier: .sequence) { contentInfo in
                try contentInfo.serialize(ObjectIdentifiers.signedData)
                try contentInfo.appendConstructedNode(identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)) { explicit in
                    try explicit.appendConstructedNode(identifier: .sequence) { signedData in
                        try signedData.serialize(1)  // version
                        try signedData.serializeSetOf([DigestAlgorithm.sha256])
                        try signedData.appendConstructedNode(identifier: .sequence) { encapsulated in
                            try encapsulated.serialize(ObjectIdentifiers.data)  // detached: no eContent
                        }
                        try signedData.serializeSetOf(chain + [certificate], identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific))
                        try signedData.appendConstructedNode(identifier: .set) { signerInfos in
                            try signerInfos.appendConstructedNode(identifier: .sequence) { signerInfo in
                                try signerInfo.serialize(1)  // version: issuerAndSerialNumber
                                try signerInfo.appendConstructedNode(identifier: .sequence) { sid in
                                    try sid.serialize(certificate.issuer)
                                    try sid.serialize(certificate.serialNumber.bytes)
                                }
                                try signerInfo.serialize(DigestAlgorithm.sha256)
                                try signerInfo.serializeSetOf(attributes, identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific))
                                try signerInfo.serialize(signatureAlgorithmIdentifier(algorithm))
                                try signerInfo.serialize(ASN1OctetString(contentBytes: signature.rawRepresentation[...]))
                            }
                        }
                    }
                }
            }
            return out.serializedBytes
        } catch let error as WalletPassError {
            throw error
        } catch {
            throw .signing(String(describing: error))
        }
    }
}

private enum ObjectIdentifiers {
    static let data: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 7, 1]
    static let signedData: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 7, 2]
    static let contentType: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 9, 3]
    static let messageDigest: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 9, 4]
    static let signingTime: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 9, 5]
    static let sha256: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 1]
    static let sha256WithRSA: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 11]
    static let ecdsaWithSHA256: ASN1ObjectIdentifier = [1, 2, 840, 10_045, 4, 3, 2]
    static let ecdsaWithSHA384: ASN1ObjectIdentifier = [1, 2, 840, 10_045, 4, 3, 3]
    static let ed25519: ASN1ObjectIdentifier = [1, 3, 101, 112]
}

/// `Attribute ::= SEQUENCE { attrType OBJECT IDENTIFIER, attrValues SET OF AttributeValue }`, one value each.
private struct SignedAttribute: DERSerializable {
    let type: ASN1ObjectIdentifier
    let value: ASN1Any

    func serialize(into coder: inout DER.Serializer) throws {
        try coder.appendConstructedNode(identifier: .sequence) { attribute in
            try attribute.serialize(type)
            try attribute.serializeSetOf([value])
        }
    }

    /// The three attributes RFC 5652 §11 and Wallet ask for: content type `data`, the manifest's digest, and
    /// the signing time (UTCTime, whole seconds).
    static func forManifest(digest: [UInt8], signingTime: Date) throws -> [SignedAttribute] {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: signingTime)
        let time = try UTCTime(
            year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1, hours: parts.hour ?? 0, minutes: parts.minute ?? 0,
            seconds: parts.second ?? 0)
        return [
            SignedAttribute(type: ObjectIdentifiers.contentType, value: try ASN1Any(erasing: ObjectIdentifiers.data)),
            SignedAttribute(type: ObjectIdentifiers.messageDigest, value: try ASN1Any(erasing: ASN1OctetString(contentBytes: digest[...]))),
            SignedAttribute(type: ObjectIdentifiers.signingTime, value: try ASN1Any(erasing: time)),
        ]
    }
}

/// The SHA-256 `AlgorithmIdentifier`, without parameters (RFC 5754 §2).
private enum DigestAlgorithm {
    static let sha256 = AlgorithmIdentifierDER(algorithm: ObjectIdentifiers.sha256, nullParameters: false)
}

/// The signature's `AlgorithmIdentifier`: RSA carries NULL parameters (RFC 4055), ECDSA and Ed25519 none.
private func signatureAlgorithmIdentifier(_ algorithm: Certificate.SignatureAlgorithm) -> AlgorithmIdentifierDER {
    switch algorithm {
    case .ecdsaWithSHA256: AlgorithmIdentifierDER(algorithm: ObjectIdentifiers.ecdsaWithSHA256, nullParameters: false)
    case .ecdsaWithSHA384: AlgorithmIdentifierDER(algorithm: ObjectIdentifiers.ecdsaWithSHA384, nullParameters: false)
    case .ed25519: AlgorithmIdentifierDER(algorithm: ObjectIdentifiers.ed25519, nullParameters: false)
    default: AlgorithmIdentifierDER(algorithm: ObjectIdentifiers.sha256WithRSA, nullParameters: true)
    }
}

/// `AlgorithmIdentifier ::= SEQUENCE { algorithm OBJECT IDENTIFIER, parameters ANY OPTIONAL }`.
private struct AlgorithmIdentifierDER: DERSerializable {
    let algorithm: ASN1ObjectIdentifier
    let nullParameters: Bool

    func serialize(into coder: inout DER.Serializer) throws {
        try coder.appendConstructedNode(identifier: .sequence) { identifier in
            try identifier.serialize(algorithm)
            if nullParameters { try identifier.serialize(ASN1Null()) }
        }
    }
}
