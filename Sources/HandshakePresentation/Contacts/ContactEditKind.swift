// Establishes what a change to a contact's settings was, as a stable code (the web app carries it in the
// address it redirects to, `?done=saved-blocked`), decided from the edit and the contact before it: blocking
// and unblocking, a trust level, pinning, muting, the alias, tags, notes, or several at once.
import HandshakeStore

/// What an edit of a contact changed, for the sentence that follows it.
public enum ContactEditKind: String, Sendable, CaseIterable, Codable {
    /// The contact was blocked: their cards are ignored from now on.
    case blocked
    /// A blocked contact was given a trust level again.
    case unblocked
    /// The trust level changed between Trusted and Known.
    case trust
    /// The contact is pinned to the top of the list.
    case pinned
    /// The contact is no longer pinned.
    case unpinned
    /// The contact is muted.
    case muted
    /// The contact is no longer muted.
    case unmuted
    /// An alias (the name only you see) was set.
    case alias
    /// The alias was removed: the card's name shows again.
    case aliasRemoved = "alias-removed"
    /// A tag was added.
    case tagAdded = "tag-added"
    /// A tag was removed.
    case tagRemoved = "tag-removed"
    /// Your notes on them were saved.
    case notes
    /// Your notes on them were emptied.
    case notesRemoved = "notes-removed"
    /// What they may do (the chat preferences for this contact) was saved.
    case preferences
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
