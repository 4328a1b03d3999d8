/// A change to a contact's local fields, validated as a whole before any of it is written.
public struct ContactEdit: Sendable, Equatable {
    /// A new alias; an empty string removes it.
    public var alias: String?
    public var trustLevel: TrustLevel?
    public var pinned: Bool?
    public var muted: Bool?
    /// New notes; an empty string removes them.
    public var notes: String?
    public var addTags: [String] = []
    public var removeTags: [String] = []
    public var preferences: [ChatFeature: FeatureSetting] = [:]
    public var receipts: ReceiptsSetting?
    public var messageTTL: MessageTTL?

    public init() {}

    /// Whether the edit changes anything at all.
    public var isEmpty: Bool { self == ContactEdit() }

    /// Checks every bound that does not depend on the contact (the tag count does; ``ContactBook`` checks it).
    public func validate() throws(ContactBookError) {
        if let alias, alias.count > ContactLimits.alias { throw .aliasTooLong(alias.count) }
        if let notes, notes.count > ContactLimits.notes { throw .notesTooLong(notes.count) }
        for tag in addTags {
            if tag.trimmingCharacters(in: .whitespaces).isEmpty { throw .emptyTag }
            if tag.count > ContactLimits.tagLength { throw .tagTooLong(tag) }
        }
    }
}
