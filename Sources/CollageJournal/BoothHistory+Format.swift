internal import CollageWriting
internal import CollageCore

/// The journal's text: one line per collage (its number, state, the SHA-256 of the collage file
/// and its name), then one per photo in it (content, name), then the HMAC-SHA256 of all that
/// under the machine's key (`MarkKey`, the key the collages' marks are signed with): a journal
/// damaged in any way is known to be damaged rather than half believed, and one the booth did
/// not write (planted by a guest where the output is the watched folder, another booth's copied
/// in) is known not to be its own, since no one else can make the tag.
///
/// ```
/// collage-journal 3
/// output /srv/booth/prints/booth.jpg
/// prints 1
/// collage 1 complete 3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b booth-0001.jpg
/// photo 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 IMG_0001.jpg
/// print 1 printed 2
/// collage 2 open 2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae booth-0002.jpg
/// photo 60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752 caf\xE9.jpg
/// intent 2 open 9e2c0b6f6f0b8ac2d2cf0a6e0f0c1d3b2b5a6c7d8e9f00112233445566778899 booth-0002.jpg
/// photo 60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752 caf\xE9.jpg
/// photo 5feceb66ffc86f38d952786c6d696c79c2dbc239dd4e91b46729d73a27fb57e9 IMG_0003.jpg
/// hmac <the HMAC-SHA256 of every line above under the machine's key, in 64 hex digits>
/// ```
/// The `output` line names the booth output the journal is of (its canonical path): another
/// booth's journal copied in, signed with the same machine's key, is named as such, not adopted.
/// The `prints` line, when the booth has begun any, counts them (`printsBegun`).
/// An `intent` line, last, is a save under way: the collage's next state and the SHA-256 of the
/// file about to be renamed into place (see `BoothHistory.intent`).
/// A `print` line follows a complete collage's photos once it has a print state (`printing`,
/// `printed COPIES`, `print-failed`, `print-unknown`, `not-printing`; see `PrintState`).
/// Journals before version 3 ended with a plain `sha256` line, which anyone can recompute: they
/// are not trusted (the booth rebuilds its record from its collages' signed marks instead).
/// Names are written as log lines show them (`\xE9` for a byte that is not UTF-8, `\n`, `\\`),
/// which reads back to the exact bytes.
extension BoothHistory {
    static let header = "collage-journal 3"

    /// Why a journal could not be read: the line and what was wrong with it.
    public struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
        public let line: Int
        public let problem: String

        public var description: String { line == 0 ? problem : "line \(line): \(problem)" }
    }

    /// The journal's bytes, signed with `key`.
    public func serialized(key: [UInt8]) -> [UInt8] {
        var text = Self.header + "\n" + (output.map { "output \($0)\n" } ?? "") + (printsBegun > 0 ? "prints \(printsBegun)\n" : "")
        for collage in collages {
            text += "collage \(collage.number) \(collage.complete ? "complete" : "open") \(collage.saved) \(collage.file)\n"
            for photo in collage.photos { text += "photo \(photo.content) \(photo.name)\n" }
            if let state = prints[collage.number] {
                text += "print \(collage.number) \(state.word)" + (state.copies.map { " \($0)" } ?? "") + "\n"
            }
        }
        if let intent {
            text += "intent \(intent.number) \(intent.complete ? "complete" : "open") \(intent.saved) \(intent.file)\n"
            for photo in intent.photos { text += "photo \(photo.content) \(photo.name)\n" }
        }
        let body = Array(text.utf8)
        return body + Array("hmac \(HMAC.hex(HMAC.sha256(body, key: key)))\n".utf8)
    }

    /// A journal's bytes, read only when their tag was made with `key`.
    public init(parsing bytes: [UInt8], key: [UInt8]) throws(FormatError) {
        guard bytes.last == UInt8(ascii: "\n") else { throw FormatError(line: 0, problem: "it does not end with a complete line") }
        var lines = bytes.dropLast().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard let checksum = lines.popLast(), checksum.starts(with: Array("hmac ".utf8)) || checksum.starts(with: Array("sha256 ".utf8)) else {
            throw FormatError(line: lines.count + 1, problem: "no checksum line at the end")
        }
        guard checksum.starts(with: Array("hmac ".utf8)) else {
            throw FormatError(line: lines.count + 1, problem: "not signed with this machine's key (an unsigned journal, as before version 3, or not a booth's)")
        }
        let body = bytes[..<(bytes.count - checksum.count - 1)]
        guard let tag = ContentHash(hex: String(decoding: checksum.dropFirst(5), as: UTF8.self)),
              HMAC.same(tag.bytes, HMAC.sha256(body, key: key)) else {
            throw FormatError(line: lines.count + 1,
                              problem: "not signed with this machine's key (another booth's journal, damaged, or the key changed since)")
        }
        guard let first = lines.first, String(decoding: first, as: UTF8.self) == Self.header else {
            throw FormatError(line: 1, problem: "not a collage journal (expected \"\(Self.header)\")")
        }
        var parser = Parser()
        for (index, line) in lines.enumerated().dropFirst() { try parser.read(line, index: index) }
        self.init(collages: parser.collages, intent: parser.intent, prints: parser.prints, output: parser.output, printsBegun: parser.printsBegun)
    }

    /// The journal's lines after its header, read one by one into its parts.
    private struct Parser {
        var collages: [Collage] = []
        var intent: Collage?
        var prints: [Int: PrintState] = [:]
        var output: PathName?
        var printsBegun = 0

        /// Line `index` (from 0) of the journal.
        mutating func read(_ line: ArraySlice<UInt8>, index: Int) throws(FormatError) {
            let number = index + 1
            func fail(_ problem: String) -> FormatError { FormatError(line: number, problem: problem) }
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 4, omittingEmptySubsequences: false).map { Array($0) }
            let kind = String(decoding: fields[0], as: UTF8.self)
            guard intent == nil || kind == "photo" else { throw fail("a line after the intent") }
            switch kind {
            case "output":
                guard index == 1, fields.count >= 2, let path = PathName(escaped: Array(line.dropFirst(7))), !path.isEmpty else {
                    throw fail("a bad output line")
                }
                output = path
            case "prints":
                guard collages.isEmpty, intent == nil, printsBegun == 0, fields.count == 2,
                      let count = Int(String(decoding: fields[1], as: UTF8.self)), count > 0 else { throw fail("a bad prints line") }
                printsBegun = count
            case "collage", "intent":
                try readCollage(fields, kind: kind, fail: fail)
            case "print":
                let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
                guard parts.count >= 3, let value = Int(parts[1]), let last = collages.last, last.number == value, last.complete,
                      prints[value] == nil, let state = PrintState(words: parts.dropFirst(2)) else { throw fail("a bad print line") }
                prints[value] = state
            case "photo":
                try readPhoto(line, fail: fail)
            default:
                throw fail("an unknown line")
            }
        }

        private mutating func readCollage(_ fields: [[UInt8]], kind: String, fail: (String) -> FormatError) throws(FormatError) {
            let last = collages.last?.number ?? 0
            guard fields.count == 5, let value = Int(String(decoding: fields[1], as: UTF8.self)) else { throw fail("a bad \(kind) line") }
            // Never trusted into arithmetic: the booth counts on from it.
            guard value <= CollageOutput.maximumBatch else { throw fail("a collage number beyond what the booth can continue after") }
            guard kind == "intent" ? value >= max(last, 1) : value > last,
                  let state = ["complete": true, "open": false][String(decoding: fields[2], as: UTF8.self)],
                  let saved = ContentHash(hex: String(decoding: fields[3], as: UTF8.self)),
                  let file = PathName(escaped: fields[4]), !file.isEmpty else { throw fail("a bad \(kind) line") }
            let collage = Collage(number: value, file: file, complete: state, saved: saved, photos: [])
            if kind == "intent" { intent = collage } else { collages.append(collage) }
        }

        private mutating func readPhoto(_ line: ArraySlice<UInt8>, fail: (String) -> FormatError) throws(FormatError) {
            let parts = line.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false).map { Array($0) }
            guard !collages.isEmpty || intent != nil else { throw fail("a photo before any collage") }
            guard parts.count == 3, let content = ContentHash(hex: String(decoding: parts[1], as: UTF8.self)),
                  let name = PathName(escaped: parts[2]), !name.isEmpty else { throw fail("a bad photo line") }
            if intent != nil {
                intent?.photos.append(Entry(content: content, name: name))
            } else {
                collages[collages.count - 1].photos.append(Entry(content: content, name: name))
            }
        }
    }

}

extension BoothHistory.PrintState {
    /// Copies printed, for `printed`.
    public var copies: Int? {
        if case .printed(let copies) = self { return copies }
        return nil
    }

    /// Reads a `print` line's words after the number.
    init?(words: ArraySlice<String>) {
        switch Array(words) {
        case ["printing"]: self = .printing
        case ["print-failed"]: self = .failed
        case ["print-unknown"]: self = .unknown
        case ["not-printing"]: self = .off
        case let words where words.count == 2 && words[0] == "printed":
            guard let copies = Int(words[1]), copies >= 1 else { return nil }
            self = .printed(copies: copies)
        default: return nil
        }
    }
}
