import CollageCore
import Testing

/// A name shown as text must read back to the exact bytes it came from: the booth's journal
/// stores names the way log lines show them.
@Suite("Path names as text and back")
struct PathNameTests {
    @Test("description, then init(escaped:), gives the same bytes", arguments: [
        Array("caf".utf8) + [0xE9] + Array(".jpg".utf8),  // Latin-1 from an old camera
        [0xFF, 0xFE, 0xE2, 0x82, 0x2E],  // not UTF-8 at all; a sequence cut short
        Array("two\nlines\r\tand a tab.jpg".utf8),
        Array(#"back\slash\\x41 and \n typed.jpg"#.utf8),  // what looks like an escape already
        Array("party 🎉 🇸🇪.jpg".utf8),
        [0x1B] + Array("[31m red".utf8) + [0x7F, 0xC2, 0x85],  // ESC, DEL, a C1 control
        [],
    ] as [[UInt8]])
    func roundTrip(bytes: [UInt8]) throws {
        let name = PathName(bytes: bytes)
        let text = name.description
        #expect(!text.contains("\n") && !text.contains("\u{1B}"), "\(text)")
        let back = try #require(PathName(escaped: Array(text.utf8)))
        #expect(back.bytes == bytes, "\(text)")
    }

    @Test func showsBytesThatAreNotTextAsEscapes() {
        #expect(PathName(bytes: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)).description == #"caf\xE9.jpg"#)
        #expect(PathName("a\nb\\c 🎉").description == #"a\nb\\c 🎉"#)
    }

    @Test("Text description never writes reads as no name", arguments: [#"end\"#, #"\q"#, #"\x4"#, #"\xe9"#, #"\xG0"#])
    func malformedEscapes(text: String) {
        #expect(PathName(escaped: Array(text.utf8)) == nil)
    }
}
