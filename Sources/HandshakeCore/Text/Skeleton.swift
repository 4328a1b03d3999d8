// Establishes when two names look the same: Unicode's skeleton (UTS #39 §4), which maps every character to the
// prototype of the characters it can be mistaken for ("Bоb" with a Cyrillic о, "B0b" and "Bob" share one), and
// the name key built on it, by which a name from outside is compared with the names of contacts. A name on a
// card is a claim anyone can make; the key is what lets every front end say "not your contact Bob Babbage"
// when a stranger's card claims a contact's name, or a name that only looks like it.
import Foundation

/// The skeletons of texts, as Unicode's confusables data defines them.
public enum Skeleton {
    /// The version of Unicode's confusables.txt the prototypes come from.
    public static let unicodeVersion = ConfusablePrototypes.unicodeVersion

    /// UTS #39's skeleton of `text`: its canonical decomposition (NFD), each scalar replaced by its prototype,
    /// and the result decomposed again. Two texts are confusable when their skeletons are equal. A skeleton
    /// is for comparing, never for showing.
    public static func of(_ text: String) -> String {
        // ASCII is its own decomposition: only the table applies (a name in Latin letters, most of the time).
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return mapped(text.unicodeScalars) }
        let prototypes = mapped(text.decomposedStringWithCanonicalMapping.unicodeScalars)
        return prototypes.decomposedStringWithCanonicalMapping
    }

    /// What names are compared by: the skeleton of the name with its width, case and spacing set aside.
    /// "Bob Babbage", "bob  babbage", "Ｂｏｂ Babbage" (full-width letters) and "Bоb Babbage" (a Cyrillic о)
    /// have one key; "Bob Baker" has another.
    ///
    /// The name's compatibility form (NFKC) comes first, as UTS #39 advises for identifiers: full-width and
    /// styled letters ("ℌ", "ﬁ") are the letters they stand for. Then the skeleton, so that a capital that
    /// looks like another letter ("I" and "l") is mapped before case is folded; the lowercased skeleton is
    /// mapped again, as a lowercase letter may have a prototype of its own. Runs of spaces (every space the
    /// table maps to U+0020) become one, and spaces at either end are dropped. An empty or all-space name has
    /// the empty key, which matches nothing.
    public static func nameKey(_ name: String) -> String {
        let folded = of(of(name.precomposedStringWithCompatibilityMapping).lowercased())
        return folded.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// Whether two names have one ``nameKey(_:)`` (and are not empty).
    public static func namesLookAlike(_ first: String, _ second: String) -> Bool {
        let key = nameKey(first)
        return !key.isEmpty && key == nameKey(second)
    }

    private static func mapped(_ scalars: String.UnicodeScalarView) -> String {
        var result = String.UnicodeScalarView()
        for scalar in scalars {
            if let prototype = prototypes[scalar.value] { result.append(contentsOf: prototype) } else { result.append(scalar) }
        }
        return String(result)
    }

    /// The table, read once from ``ConfusablePrototypes/table``.
    private static let prototypes: [UInt32: [Unicode.Scalar]] = {
        var table: [UInt32: [Unicode.Scalar]] = [:]
        table.reserveCapacity(7_000)
        for entry in ConfusablePrototypes.table.split(separator: ";") {
            let parts = entry.split(separator: ":")
            guard parts.count == 2, let source = UInt32(parts[0], radix: 16) else { continue }
            let prototype = parts[1].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            table[source] = prototype
        }
        return table
    }()
}
