internal import CollageCore
internal import CollageFiles
internal import CollageWriting

/// How many prints a booth has begun, kept beside the machine's key (its state folder), signed
/// with it, and apart from the journal. Why: a journal put back from a backup, or synced back
/// by a tool, is the booth's own and correctly signed, yet it has forgotten the prints begun
/// since; nothing in it can tell. This file is not in the output folder, so such a restore does
/// not roll it back: a journal whose count is below it puts its prints in doubt (asked of CUPS
/// with `--printer`; named `print-unknown` with `--print`), instead of printing them again.
///
/// ```
/// collage-prints 1
/// booth 3f2a9c1d5e7b8a60f4c2d1e0b9a87654
/// begun 12
/// hmac <the HMAC-SHA256 of the lines above under the machine's key>
/// ```
struct PrintCount: Sendable {
    /// What reading the count found.
    enum Reading: Sendable, Equatable {
        /// None yet: a booth that never printed (or a state folder made anew).
        case missing
        case count(Int)
        /// Damaged, not this booth's, or not signed with this key: why.
        case unusable(String)
    }

    static let header = "collage-prints 1"

    let path: PathName
    let booth: String
    let key: [UInt8]

    /// The count of `booth`, beside the key at `keyPath` (`MarkKey.path`).
    init(besideKey keyPath: PathName, booth: String, key: [UInt8]) {
        path = PathParts(keyPath).sibling(PathName("prints-\(booth)"))
        self.booth = booth
        self.key = key
    }

    func read() -> Reading {
        guard FileIdentity.exists(path) else { return .missing }
        guard let bytes = try? InputFile(path).readAll() else { return .unusable("it cannot be read") }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard lines.count == 5, lines[4].isEmpty, lines[0] == Self.header, lines[1] == "booth \(booth)", lines[3].hasPrefix("hmac "),
              let count = lines[2].hasPrefix("begun ") ? Int(lines[2].dropFirst(6)) : nil, count >= 0 else {
            return .unusable("not a count of this booth's prints")
        }
        let body = Array(lines[0...2].joined(separator: "\n").utf8) + [UInt8(ascii: "\n")]
        guard let tag = ContentHash(hex: String(lines[3].dropFirst(5))), HMAC.same(tag.bytes, HMAC.sha256(body, key: key)) else {
            return .unusable("not signed with this machine's key")
        }
        return .count(count)
    }

    /// Replaces the count, atomically and durably, before the print it counts begins.
    func write(_ count: Int) throws(FileError) {
        let body = Array("\(Self.header)\nbooth \(booth)\nbegun \(count)\n".utf8)
        do {
            try AtomicFile.write(body + Array("hmac \(HMAC.hex(HMAC.sha256(body, key: key)))\n".utf8), to: path)
        } catch let error as FileError {
            throw error
        } catch {
            throw FileError(path: path, action: "write", reason: String(describing: error))
        }
    }
}
