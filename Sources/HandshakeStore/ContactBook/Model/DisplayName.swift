/// The one rule for the name a contact is shown by and listed under.
///
/// The book stores it (`displayName`, the list's sort key) and ``Contact/displayName`` computes it, so
/// both must come from here: a person listed under one name and shown under another cannot be found in
/// the list. The order is what address books do: the user's own alias, the person's name, then, for an
/// entry with no name (an address-book entry with only a company or an email), the first thing that
/// tells who it is; the Node ID last, as nobody reads it.
enum DisplayName {
    static let unnamed = "(no name)"

    static func of(
        alias: String?, name: String?, company: String?, emails: [String], phones: [String], nodeID: String?, claimedNodeID: String?
    ) -> String {
        alias ?? name ?? company ?? emails.first ?? phones.first ?? nodeID ?? claimedNodeID ?? unnamed
    }

}
