/// The CUPS queue an `lp` or `lpr` print command sends its jobs to, found as they find it: the
/// command's own `-d NAME` (`lp`) or `-P NAME` (`lpr`), else `$LPDEST`, else `$PRINTER` (unless
/// it is `lp`, which CUPS ignores there), else the default destination. A command that is
/// neither (a script of the operator's) has no queue the booth can ask about.
struct PrintDestination: Sendable, Equatable {
    enum Queue: Sendable, Equatable {
        /// A queue by name (an instance's `/suffix` removed: CUPS knows the queue).
        case named(String)
        /// CUPS's default destination, whichever it is.
        case systemDefault
    }

    /// `lp` or `lpr`.
    let program: String
    let queue: Queue
    /// Where the name came from, for the line that names it: `-d`, `-P`, `$LPDEST`, `$PRINTER`.
    let source: String?

    /// The flag that names a queue for this program.
    var flag: String { program == "lp" ? "-d" : "-P" }

    /// - Parameters:
    ///   - words: the print command's words, as one print would run them.
    ///   - environment: the booth's environment, which the print command inherits.
    static func of(_ words: [String], environment: (String) -> String?) -> PrintDestination? {
        guard let program = words.first?.split(separator: "/").last.map(String.init), program == "lp" || program == "lpr" else { return nil }
        let flag = program == "lp" ? "-d" : "-P"
        var named: String?
        var index = 1
        // The last one given wins, as getopt leaves it; no option after `--`.
        while index < words.count, words[index] != "--" {
            let word = words[index]
            if word == flag, index + 1 < words.count {
                named = words[index + 1]
                index += 1
            } else if word.hasPrefix(flag), word.count > flag.count {
                named = String(word.dropFirst(flag.count))
            }
            index += 1
        }
        if let named { return PrintDestination(program: program, queue: .named(queueName(named)), source: flag) }
        if let value = environment("LPDEST"), !value.isEmpty {
            return PrintDestination(program: program, queue: .named(queueName(value)), source: "$LPDEST")
        }
        if let value = environment("PRINTER"), !value.isEmpty, value != "lp" {
            return PrintDestination(program: program, queue: .named(queueName(value)), source: "$PRINTER")
        }
        return PrintDestination(program: program, queue: .systemDefault, source: nil)
    }

    /// `office/duplex` is the queue `office`'s instance `duplex`: CUPS is asked about `office`.
    private static func queueName(_ name: String) -> String {
        name.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? name
    }
}
