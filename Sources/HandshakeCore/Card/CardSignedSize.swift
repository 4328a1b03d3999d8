/// The size of a card once signed, known before it is signed.
///
/// Every field has a limit of its own (``CardLimits``), but the limits add up to more than a receiver
/// accepts: a card with every field at its limit in 4-byte characters signs to about 120 KB, while every
/// receiver refuses more than ``CardLimits/signedCardBytes`` before decoding. Checking the whole card when the
/// owner edits it is what keeps an owner from building a card nobody can receive.
extension ContactCard {
    /// The number of bytes this card takes signed, exactly as ``CardProfile/issueCard(identity:)`` writes
    /// it. An Ed25519 signature is always 64 bytes, so no key is needed to know it.
    public var signedByteCount: Int {
        let placeholderSignature = [UInt8](repeating: 0, count: 64)
        return COSESign1(protectedHeader: COSESign1.edDSAProtectedHeader, payload: CardSchema.encode(self), signature: placeholderSignature)
            .encoded.count
    }

    /// Throws ``CardFieldError/cardTooLarge(bytes:)`` if the card, signed, would be larger than
    /// ``CardLimits/signedCardBytes``, the most any receiver accepts.
    public func validateSignedSize() throws(CardFieldError) {
        let bytes = signedByteCount
        guard bytes <= CardLimits.signedCardBytes else { throw .cardTooLarge(bytes: bytes) }
    }
}
