import HandshakeMailbox
import Hummingbird

// The share-link bodies are HandshakeMailbox's; the server sends them as JSON responses.
extension CreatedShareLinkResponse: ResponseEncodable {}
extension ResolvedShareLinkResponse: ResponseEncodable {}
