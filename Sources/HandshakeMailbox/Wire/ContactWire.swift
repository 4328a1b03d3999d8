import Foundation

/// The JSON bodies of the server-side contact list.

/// `PUT /v1/contacts/{nodeId}/favorite`: the flag to set.
package struct FavoriteBody: Codable, Sendable {
    package let favorite: Bool

    package init(favorite: Bool) { self.favorite = favorite }
}

/// One contact on the server: the card as its owner signed it when the request was accepted.
package struct ContactResponse: Codable, Sendable {
    package let nodeId: String
    package let card: String
    package let favorite: Bool
    package let addedAt: Date

    package init(nodeId: String, card: String, favorite: Bool, addedAt: Date) {
        self.nodeId = nodeId
        self.card = card
        self.favorite = favorite
        self.addedAt = addedAt
    }
}

/// `GET /v1/contacts`: the contact list.
package struct ContactListResponse: Codable, Sendable {
    package let contacts: [ContactResponse]

    package init(contacts: [ContactResponse]) { self.contacts = contacts }
}
