// Establishes how a JWT's NumericDate claims (`nbf`, `iat`, `exp`: seconds since 1970, RFC 7519 §2) are
// read: any JSON number, whole seconds toward the past, and a value no clock could mean refused as damage.
extension KeyedDecodingContainer {
    /// The NumericDate at `key`, in whole seconds; `nil` when the claim is absent.
    func decodeNumericDate(forKey key: Key) throws -> Int64? {
        guard let seconds = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard seconds.isFinite, abs(seconds) < 1e15 else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "not a date")
        }
        return Int64(seconds.rounded(.down))
    }
}
