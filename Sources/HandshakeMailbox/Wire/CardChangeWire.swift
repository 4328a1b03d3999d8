// Establishes the one message of `GET /v1/card-changes` (docs/server.md, "Following cards live"): which card a
// followed Node ID holds on the server now, named by the entity tag `GET /v1/cards/{nodeId}` answers with. It
// carries no card: a follower that holds another version fetches it, and verifies it, as polling does.

/// The `data:` of one `card` message of the card-change stream.
package struct CardChangeResponse: Codable, Sendable, Equatable {
    /// Whose card it is: one of the Node IDs the stream follows.
    package let nodeId: String
    /// The card's entity tag (`SignedCard.entityTag`), quotes included.
    package let etag: String

    package init(nodeId: String, etag: String) {
        self.nodeId = nodeId
        self.etag = etag
    }
}
