internal import CollageCore
#if canImport(Glibc)
internal import Glibc
#endif

/// argv is bytes, but swift-argument-parser takes Strings, and `CommandLine.arguments` repairs
/// bytes that are not UTF-8 (a Latin-1 `caf\xE9.jpg` would come back as `caf\u{FFFD}.jpg` and
/// not be found). Each argument is therefore handed over as a String that maps back to its exact
/// bytes, as Python's "surrogateescape" does: valid UTF-8 stays as it is; any other byte `b`
/// becomes the private-use scalar U+10FF00 + b; and a real U+10FF00…U+10FFFF in a name (which
/// no one types) is escaped byte by byte the same way, so the mapping is one to one.
enum RawArguments {
    static let escapeBase: UInt32 = 0x10FF00

    /// The arguments after the program's name, exactly as the kernel passed them.
    static func strings() -> [String] {
        (1..<Int(CommandLine.argc)).map { index in
            let argument = CommandLine.unsafeArgv[index]!
            return encode(Array(UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument))))
        }
    }

    static func encode(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let length = PathName.utf8SequenceLength(in: bytes, at: index)
            let scalar = length > 0 ? String(decoding: bytes[index..<index + length], as: UTF8.self).unicodeScalars.first! : nil
            if let scalar, scalar.value < escapeBase {
                scalars.append(scalar)
            } else {
                for byte in bytes[index..<index + max(length, 1)] { scalars.append(Unicode.Scalar(escapeBase + UInt32(byte))!) }
            }
            index += max(length, 1)
        }
        return String(scalars)
    }

    static func decode(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            if scalar.value >= escapeBase {
                bytes.append(UInt8(scalar.value - escapeBase))
            } else {
                bytes += Array(String(scalar).utf8)
            }
        }
        return bytes
    }
}
