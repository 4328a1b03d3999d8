/// Which contacts a list shows and which page of them: what ``ContactBook/contacts(_:)`` reads once and
/// ``ContactBook/observeContacts(_:)`` keeps current.
///
/// The list is always in one order: pinned contacts first, then by display name (ignoring case), then by
/// the book's id. Filters combine: a contact is listed when it matches all of those given.
public struct ContactListQuery: Sendable, Equatable, Hashable {
    /// Matched against name, alias, company and tags (any part, ignoring case) and against the start of
    /// the Node ID. `nil`, empty or only spaces: no search.
    public var search: String?
    /// Only contacts with this tag (ignoring case).
    public var tag: String?
    /// Only contacts at this trust level.
    public var trust: TrustLevel?
    /// At most this many contacts (a screenful), or all of them when `nil`.
    public var limit: Int?
    /// How many to skip first, for the next page. Used only with a `limit`.
    public var offset: Int

    /// A list query; `ContactListQuery()` is every contact.
    public init(search: String? = nil, tag: String? = nil, trust: TrustLevel? = nil, limit: Int? = nil, offset: Int = 0) {
        self.search = search
        self.tag = tag
        self.trust = trust
        self.limit = limit
        self.offset = offset
    }
}
