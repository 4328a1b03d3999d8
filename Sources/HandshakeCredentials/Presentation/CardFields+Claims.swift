// Establishes how a card's fields are seen as presentable claims: which claims hold something, and the
// fields cut down to a set of claims (the selective disclosure of a fresh credential).
extension CardFields {
    /// The card-field claims that hold something (never `handshakeCard`, which is not a field).
    public var presentableClaims: Set<PresentableClaim> {
        var claims: Set<PresentableClaim> = []
        if name != nil { claims.insert(.name) }
        if bio != nil { claims.insert(.bio) }
        if location != nil { claims.insert(.location) }
        if company != nil { claims.insert(.company) }
        if title != nil { claims.insert(.title) }
        if !emails.isEmpty { claims.insert(.emails) }
        if !phones.isEmpty { claims.insert(.phones) }
        if !links.isEmpty { claims.insert(.links) }
        if !skills.isEmpty { claims.insert(.skills) }
        return claims
    }

    /// These fields with only `claims` kept; every other field is left empty.
    public func keeping(only claims: Set<PresentableClaim>) -> CardFields {
        CardFields(
            name: claims.contains(.name) ? name : nil, bio: claims.contains(.bio) ? bio : nil,
            location: claims.contains(.location) ? location : nil, company: claims.contains(.company) ? company : nil,
            title: claims.contains(.title) ? title : nil, emails: claims.contains(.emails) ? emails : [],
            phones: claims.contains(.phones) ? phones : [], links: claims.contains(.links) ? links : [],
            skills: claims.contains(.skills) ? skills : [])
    }
}
