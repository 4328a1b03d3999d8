// Establishes how a screen lists labelled values (a card's fields): a `<dl>` that leaves out what is empty.

/// Labelled values, in the order added; empty ones are left out.
struct DefinitionList {
    private var rows: [HTML] = []

    /// Adds `value` under `label`, unless it is missing or empty.
    mutating func add(_ label: String, _ value: String?) {
        if let value, !value.isEmpty { rows.append("<dt>\(label)</dt><dd>\(value)</dd>") }
    }

    /// Adds the values, joined by commas, unless there are none.
    mutating func add(_ label: String, _ values: [String]) { add(label, values.joined(separator: ", ")) }

    var html: HTML { "<dl>\(rows)</dl>" }
}
