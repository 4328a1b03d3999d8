// Establishes what a change to a contact's settings was, as a stable code (the web app carries it in the
// address it redirects to, `?done=saved-blocked`), decided from the edit and the contact before it: blocking
// and unblocking, a trust level, pinning, muting, the alias, tags, notes, or several at once.
import HandshakeStore

/// What an edit of a contact changed, for the sentence that follows it.
public enum ContactEditKind: String, Sendable, CaseIterable, Codable {
    case blocked, unblocked, trust, pinned, unpinned, muted, unmuted, alias, aliasRemoved = "alias-removed"
    case tagAdded = "tag-added", tagRemoved = "tag-removed", notes, notesRemoved = "notes-removed", preferences
    /// Several settings at once, or one without a sentence of its own.
    case saved

    /// What `edit` changed for `before` (the contact as it was).
    public init(_ edit: ContactEdit, before: Contact) {
        var kinds: [ContactEditKind] = []
        if let level = edit.trustLevel, level != before.trustLevel {
            kinds.append(level == .blocked ? .blocked : before.trustLevel == .blocked ? .unblocked : .trust)
        }
        if let pinned = edit.pinned { kinds.append(pinned ? .pinned : .unpinned) }
        if let muted = edit.muted { kinds.append(muted ? .muted : .unmuted) }
        if let alias = edit.alias { kinds.append(alias.isEmpty ? .aliasRemoved : .alias) }
        if let notes = edit.notes { kinds.append(notes.isEmpty ? .notesRemoved : .notes) }
        if !edit.addTags.isEmpty { kinds.append(.tagAdded) }
        if !edit.removeTags.isEmpty { kinds.append(.tagRemoved) }
        if !edit.preferences.isEmpty || edit.receipts != nil || edit.messageTTL != nil { kinds.append(.preferences) }
        self = kinds.count == 1 ? kinds[0] : .saved
    }
}
