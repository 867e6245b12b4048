
/// The mark every collage carries, which tells a file this tool wrote (and may replace) from a
/// photo it must never overwrite, whatever the photo's metadata says. The encoders write the
/// word `placeholder` (`COLLAGE_MARK`) (a JPEG comment segment, a PNG `Software` text chunk); the writer then
/// replaces it with a signed record:
///
/// ```
/// collage
/// complete
/// booth 5d41402abc4b2a76b9719d911017c592
/// photo 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 IMG_0001.jpg
/// mac 3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b
/// ```
///
/// `complete` or `open`, `booth` and the photos (content, name as log lines show it) are a
/// booth's: its numbered collages are its record when the journal is lost. `booth` names the
/// output the booth saved it to (a digest of its path under the key, so no path leaves in a
/// guest's download): another booth on the same machine, signing with the same key, is not this
/// one, and its collages copied in are not this booth's record. `mac` is the HMAC-SHA256, under a
/// key that stays on the machine (`MarkKey`), of the whole file with the mac's digits as `0`
/// (and, in a PNG, that chunk's CRC as zeros): a plain `collage` comment, or a mark copied from
/// another collage onto other bytes, does not verify.
public enum CollageMark {
    /// What a signed mark says besides the fact that this tool wrote the file.
    public struct Record: Sendable, Equatable {
        /// A booth's collage: whether it holds all the photos it will.
        public var complete: Bool
        /// The booth output it was saved to, as `BoothJournal` names one (hex digits); nil for a
        /// collage no booth made.
        public var booth: String?
        /// Its photos, by content and by name in the folder they were taken from.
        public var photos: [(content: ContentHash, name: PathName)]

        public init(complete: Bool = true, booth: String? = nil, photos: [(content: ContentHash, name: PathName)] = []) {
            self.complete = complete
            self.booth = booth
            self.photos = photos
        }

        public static func == (a: Record, b: Record) -> Bool {
            a.complete == b.complete && a.booth == b.booth && a.photos.map(\.content) == b.photos.map(\.content)
                && a.photos.map(\.name) == b.photos.map(\.name)
        }

        var text: String {
            "collage\n" + (complete ? "complete\n" : "open\n") + (booth.map { "booth \($0)\n" } ?? "")
                + photos.map { "photo \($0.content) \($0.name)\n" }.joined()
        }

        /// The lines before `mac`, as `text` writes them.
        init?(lines: [ArraySlice<UInt8>]) {
            guard lines.count >= 2, lines[0].elementsEqual("collage".utf8),
                  let complete = ["complete": true, "open": false][String(decoding: lines[1], as: UTF8.self)] else { return nil }
            var photos: [(content: ContentHash, name: PathName)] = []
            var rest = lines.dropFirst(2)
            var booth: String?
            if let line = rest.first, line.starts(with: "booth ".utf8) {
                let digits = line.dropFirst(6)
                guard !digits.isEmpty, digits.count <= 64, digits.allSatisfy({ Self.hexDigits.contains($0) }) else { return nil }
                booth = String(decoding: digits, as: UTF8.self)
                rest = rest.dropFirst()
            }
            for line in rest {
                let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
                guard fields.count == 3, fields[0].elementsEqual("photo".utf8),
                      let content = ContentHash(hex: String(decoding: fields[1], as: UTF8.self)),
                      let name = PathName(escaped: Array(fields[2])), !name.isEmpty else { return nil }
                photos.append((content, name))
            }
            self.init(complete: complete, booth: booth, photos: photos)
        }

        private static let hexDigits = Set("0123456789abcdef".utf8)
    }

    /// Whether `bytes` carry the encoders' unsigned mark (what `signed` replaces).
    public static func isUnsigned(_ bytes: [UInt8]) -> Bool {
        segments(bytes).contains { bytes[$0.text].elementsEqual(word) }
    }

    /// `bytes`, as an encoder wrote them, with the unsigned mark replaced by `record` signed
    /// with `key`; nil when there is no unsigned mark. A record too long for a JPEG comment (a
    /// hundred photos with long names) keeps its photos' contents and drops their names, as `?`.
    public static func signed(_ bytes: [UInt8], record: Record, key: [UInt8]) -> [UInt8]? {
        guard let format = Container(bytes), let mark = segments(bytes).first(where: { bytes[$0.text].elementsEqual(word) }) else {
            return nil
        }
        var text = Array(record.text.utf8) + Array("mac ".utf8) + unsignedTag
        if format == .jpeg, text.count + 2 > 0xFFFF {
            text = Array(Record(complete: record.complete, booth: record.booth, photos: record.photos.map { ($0.content, "?") }).text.utf8) + Array("mac ".utf8) + unsignedTag
        }
        var out = Array(bytes[..<mark.start])
        let data: [UInt8]
        switch format {
        case .png:
            data = Array("Software".utf8) + [0] + text
            out += bigEndian(UInt32(data.count)) + Array("tEXt".utf8) + data + [0, 0, 0, 0]
        default:
            data = text
            guard data.count + 2 <= 0xFFFF else { return nil }
            out += [0xFF, 0xFE, UInt8((data.count + 2) >> 8), UInt8((data.count + 2) & 0xFF)] + data
        }
        let end = out.count
        out += bytes[mark.end...]
        let tagStart = format == .png ? end - 4 - unsignedTag.count : end - unsignedTag.count
        out.replaceSubrange(tagStart..<(tagStart + unsignedTag.count), with: hex(HMAC.sha256(out, key: key)))
        if format == .png {
            let chunkType = end - 4 - data.count - 4
            out.replaceSubrange((end - 4)..<end, with: bigEndian(CRC32.of(out[chunkType..<(end - 4)])))
        }
        return out
    }

    /// The record of a file this tool wrote with `key`; nil for any other file: no mark, the
    /// unsigned word, or a mark whose tag does not fit these bytes.
    public static func record(in bytes: [UInt8], key: [UInt8]) -> Record? {
        for mark in segments(bytes) {
            let text = bytes[mark.text]
            let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            guard let last = lines.last, last.count == 4 + unsignedTag.count, last.starts(with: "mac ".utf8),
                  let tag = decoded(hex: last.dropFirst(4)), let record = Record(lines: Array(lines.dropLast())) else { continue }
            var unsigned = bytes
            let tagStart = mark.text.upperBound - unsignedTag.count
            unsigned.replaceSubrange(tagStart..<mark.text.upperBound, with: unsignedTag)
            if let crc = mark.crc { unsigned.replaceSubrange(crc, with: [0, 0, 0, 0]) }
            if HMAC.same(HMAC.sha256(unsigned, key: key), tag) { return record }
        }
        return nil
    }

    /// The word the encoders write where the mark goes (`COLLAGE_MARK` in the codecs' C header,
    /// which a test keeps the same).
    public static let placeholder = "collage"
    private static let word = Array(placeholder.utf8)
    private static let unsignedTag = [UInt8](repeating: UInt8(ascii: "0"), count: 64)

    /// A mark's place: the whole segment or chunk (`start..<end`), the mark's text in it, and a
    /// PNG chunk's CRC.
    private struct Segment {
        let start: Int, end: Int
        let text: Range<Int>
        let crc: Range<Int>?
    }

    /// The JPEG comment segments before the first scan, or the PNG `Software` text chunks before
    /// the first IDAT.
    private static func segments(_ bytes: [UInt8]) -> [Segment] {
        var found: [Segment] = []
        switch Container(bytes) {
        case .jpeg:
            var offset = 2
            while offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] != 0xDA {
                let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                guard length >= 2, offset + 2 + length <= bytes.count else { break }
                if bytes[offset + 1] == 0xFE {
                    found.append(Segment(start: offset, end: offset + 2 + length, text: (offset + 4)..<(offset + 2 + length), crc: nil))
                }
                offset += 2 + length
            }
        case .png:
            let keyword = Array("Software".utf8) + [0]
            var offset = 8
            while offset + 8 <= bytes.count {
                let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
                let type = bytes[(offset + 4)..<(offset + 8)]
                guard !type.elementsEqual("IDAT".utf8), length <= bytes.count - offset - 12 else { break }
                let data = (offset + 8)..<(offset + 8 + length)
                if type.elementsEqual("tEXt".utf8), bytes[data].starts(with: keyword) {
                    found.append(Segment(start: offset, end: data.upperBound + 4, text: (data.lowerBound + keyword.count)..<data.upperBound,
                                         crc: data.upperBound..<(data.upperBound + 4)))
                }
                offset += 12 + length
            }
        case nil:
            break
        }
        return found
    }

    /// The two files a mark is written into, known by their first bytes (the codecs' signatures,
    /// which this reader below them does not need).
    private enum Container {
        case jpeg, png

        init?(_ bytes: [UInt8]) {
            if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
                self = .jpeg
            } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                self = .png
            } else {
                return nil
            }
        }
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }

    private static func hex(_ bytes: [UInt8]) -> [UInt8] { Array(HMAC.hex(bytes).utf8) }

    private static func decoded(hex: some Collection<UInt8>) -> [UInt8]? {
        ContentHash(hex: String(decoding: hex, as: UTF8.self))?.bytes
    }
}

/// The CRC-32 a PNG chunk ends with (ISO 3309, over the chunk's type and data).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    static func of(_ bytes: some Collection<UInt8>) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { table[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }
}
