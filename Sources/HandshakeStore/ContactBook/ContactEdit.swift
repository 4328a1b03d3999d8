import HandshakeCore

/// A change to a contact's local fields, validated as a whole before any of it is written.
public struct ContactEdit: Sendable, Equatable {
    /// A new alias; an empty string removes it.
    public var alias: String?
    /// A new trust level.
    public var trustLevel: TrustLevel?
    /// Pin or unpin.
    public var pinned: Bool?
    /// Mute or unmute.
    public var muted: Bool?
    /// New notes; an empty string removes them.
    public var notes: String?
    /// Tags to add (a tag already there, in any case, stays as it is).
    public var addTags: [String] = []
    /// Tags to remove, ignoring case.
    public var removeTags: [String] = []
    /// New per-contact settings of chat features.
    public var preferences: [ChatFeature: FeatureSetting] = [:]
    /// A new receipts setting.
    public var receipts: ReceiptsSetting?
    /// A new message lifetime.
    public var messageTTL: MessageTTL?

    /// An edit of the given fields; `nil` (or empty) leaves a field as it is. `ContactEdit()` changes nothing.
    public init(
        alias: String? = nil, trustLevel: TrustLevel? = nil, pinned: Bool? = nil, muted: Bool? = nil, notes: String? = nil,
        addTags: [String] = [], removeTags: [String] = [], preferences: [ChatFeature: FeatureSetting] = [:],
        receipts: ReceiptsSetting? = nil, messageTTL: MessageTTL? = nil
    ) {
        self.alias = alias
        self.trustLevel = trustLevel
        self.pinned = pinned
        self.muted = muted
        self.notes = notes
        self.addTags = addTags
        self.removeTags = removeTags
        self.preferences = preferences
        self.receipts = receipts
        self.messageTTL = messageTTL
    }

    /// Whether the edit changes anything at all.
    public var isEmpty: Bool { self == ContactEdit() }

    /// Checks every bound that does not depend on the contact (the tag count does; ``ContactBook`` checks it).
    public func validate() throws(ContactBookError) {
        if let alias {
            switch TextLength.check(alias, limit: ContactLimits.alias) {
            case .tooLong(let length, _)?: throw .aliasTooLong(length)
            case .tooManyMarks?: throw .unshowableText(field: "alias")
            case nil: if UntrustedText.needsCleaning(alias) { throw .unshowableText(field: "alias") }
            }
        }
        if let notes {
            switch TextLength.check(notes, limit: ContactLimits.notes) {
            case .tooLong(let length, _)?: throw .notesTooLong(length)
            case .tooManyMarks?: throw .unshowableText(field: "notes")
            case nil: if UntrustedText.needsCleaning(notes, keepingLineBreaks: true) { throw .unshowableText(field: "notes") }
            }
        }
        for tag in addTags {
            if tag.unicodeScalars.allSatisfy(\.properties.isWhitespace) { throw .emptyTag }
            switch TextLength.check(tag, limit: ContactLimits.tagLength) {
            case .tooLong?: throw .tagTooLong(tag)
            case .tooManyMarks?: throw .unshowableText(field: "tag")
            case nil: if UntrustedText.needsCleaning(tag) { throw .unshowableText(field: "tag") }
            }
        }
    }
}
