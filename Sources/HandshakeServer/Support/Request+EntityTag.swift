// Establishes when a client already holds what a route would send: its `If-None-Match` names the entity tag
// (or `*`), so the answer is a 304 with no body. The card page's files and a published card both ask it.
import Foundation
import Hummingbird

extension Request {
    /// Whether `If-None-Match` (any of its comma-separated tags, in every such header) names `tag`, or is `*`.
    func holds(entityTag tag: String) -> Bool {
        let held = headers[values: .ifNoneMatch].flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        return held.contains(tag) || held.contains("*")
    }
}
