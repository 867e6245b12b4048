/// A file's name as the system knows it: bytes, not text. Linux allows any byte but `/` and NUL
/// in a name, so a Latin-1 `caf\xE9.jpg` from an old camera must reach `open` exactly as it came
/// from argv, a list on stdin, a directory or inotify; only reports turn it into text.
public struct PathName: Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let bytes: [UInt8]

    /// From bytes anywhere: an array, a slice of a list, a directory entry.
    public init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The name as text when it is valid UTF-8, exactly; nil when only bytes can say it.
    public var text: String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// For log lines: valid UTF-8 as is, any other byte as `\xE9`, control characters as `\n`,
    /// `\t` or `\x1B` (a name must not break a line or drive the terminal), and `\` as `\\` so
    /// that the escaped form is never ambiguous.
    public var description: String {
        var out = ""
        var index = 0
        while index < bytes.count {
            let length = Self.utf8SequenceLength(in: bytes, at: index)
            if length == 0 {
                out += Self.hex(bytes[index])
                index += 1
                continue
            }
            let scalar = String(decoding: bytes[index..<index + length], as: UTF8.self).unicodeScalars.first!
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                out += bytes[index..<index + length].map(Self.hex).joined()
            default: out.unicodeScalars.append(scalar)
            }
            index += length
        }
        return out
    }

    /// The name a log line shows, read back to its exact bytes: the inverse of `description`,
    /// so that a journal can store names as text. Nil for text `description` never writes.
    public init?(escaped text: [UInt8]) {
        var bytes: [UInt8] = []
        var index = 0
        func hexValue(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        while index < text.count {
            let byte = text[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                continue
            }
            guard index < text.count else { return nil }
            let escape = text[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\\"): bytes.append(escape)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "x"):
                guard index + 1 < text.count, let high = hexValue(text[index]), let low = hexValue(text[index + 1]) else { return nil }
                bytes.append(high << 4 | low)
                index += 2
            default: return nil
            }
        }
        self.init(bytes: bytes)
    }

    public var isEmpty: Bool { bytes.isEmpty }

    public func hasPrefix(_ prefix: String) -> Bool { bytes.starts(with: prefix.utf8) }

    public func hasSuffix(_ suffix: String) -> Bool {
        let tail = Array(suffix.utf8)
        return bytes.count >= tail.count && bytes.suffix(tail.count).elementsEqual(tail)
    }

    /// `name` inside this folder, with one slash between them.
    public func appending(_ name: PathName) -> PathName {
        if bytes.isEmpty { return name }
        return PathName(bytes: bytes.last == UInt8(ascii: "/") ? bytes + name.bytes : bytes + [UInt8(ascii: "/")] + name.bytes)
    }

    /// Byte order: what `sort` does with `LC_ALL=C`, the same on every machine.
    public static func < (a: PathName, b: PathName) -> Bool {
        a.bytes.lexicographicallyPrecedes(b.bytes)
    }

    /// Calls `body` with the name as a NUL-terminated C string, for system calls.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }

    /// The length of the well-formed UTF-8 sequence at `index`, or 0 if there is none.
    public static func utf8SequenceLength(in bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let (length, low, high): (Int, UInt8, UInt8)
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
        case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, low, high) = (3, 0x80, 0xBF)
        case 0xED: (length, low, high) = (3, 0x80, 0x9F)
        case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
        case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
        case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
        default: return 0
        }
        guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { return 0 }
        for next in bytes[(index + 2)..<(index + length)] where !(0x80...0xBF).contains(next) { return 0 }
        return length
    }
}
