import Foundation

/// Questions asked at a terminal. Commands never ask when standard input is not a terminal: a script
/// gets a clear error telling which flag answers the question instead, and nothing is changed.
enum Prompt {
    /// Whether a person can be asked (standard input and standard error are terminals).
    static var canAsk: Bool { isatty(STDIN_FILENO) != 0 && isatty(STDERR_FILENO) != 0 }

    /// Asks `question` and returns the choice whose first letter (or whole word) was typed; `nil` on end
    /// of input. `choices` are words such as "add", "ignore"; the first is not a default: an empty answer
    /// asks again.
    static func choose(_ question: TerminalLine, _ choices: [String]) -> String? {
        while true {
            ask(question, choices)
            guard let line = readLine() else { return nil }
            if let match = match(line, choices) { return match }
        }
    }

    /// Writes `question` and its menu ("[a]dd / [i]gnore") to standard error.
    static func ask(_ question: TerminalLine, _ choices: [String]) {
        let menu = choices.map { "[\($0.prefix(1))]\($0.dropFirst())" }.joined(separator: " / ")
        FileHandle.standardError.write(Data("\(question.description) \(TerminalText.value(menu)): ".utf8))
    }

    /// The choice a typed line names: the whole word or its first letter, without regard to case.
    static func match(_ line: String, _ choices: [String]) -> String? {
        let answer = line.trimmingCharacters(in: .whitespaces).lowercased()
        return choices.first { $0 == answer || (answer.count == 1 && $0.hasPrefix(answer)) }
    }
}

/// A failure of the work itself (exit status 1), with its message as the whole output.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
