import CollageConfig
import PropertyBased
import Testing

/// What any value becomes when written as TOML writes it: read back the same, for generated
/// values (shrunk to the smallest that fails).
@Suite("A settings file's values, for any text and number")
struct ConfigValuePropertyTests {
    /// TOML's basic string: `\` and `"` escaped, control characters as `\uXXXX`.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test func anyTextInABasicStringReadsBackAsItself() async {
        await propertyCheck(input: Gen.character(in: "\u{1}"..."\u{2FF}").string(of: 0...40)) { text in
            let file = try ConfigFile(parsing: "caption = \(Self.quoted(text))  # a comment")
            #expect(file.entries.map(\.value) == [.string(text)])
        }
    }

    /// TOML's literal string: anything but its quote and the control characters (DEL among them).
    @Test func anyTextWithoutAQuoteInALiteralStringReadsBackAsItself() async {
        await propertyCheck(input: Gen.character(in: " "..."\u{2FF}").string(of: 0...40)) { text in
            let literal = String(text.filter { $0 != "'" && $0 != "\u{7F}" })
            let file = try ConfigFile(parsing: "print = '\(literal)'")
            #expect(file.entries.map(\.value) == [.string(literal)])
        }
    }

    /// Integers with TOML's digit separators read as their plain digits.
    @Test func anyIntegerWithSeparatorsReadsAsItsDigits() async {
        await propertyCheck(input: Gen.int(in: -10_000_000...10_000_000)) { number in
            let digits = String(number.magnitude)
            var grouped = ""
            for (index, digit) in digits.enumerated() {
                if index > 0, (digits.count - index) % 3 == 0 { grouped += "_" }
                grouped.append(digit)
            }
            let file = try ConfigFile(parsing: "max-pixels = \(number < 0 ? "-" : "")\(grouped)")
            #expect(file.entries.map(\.value) == [.number(String(number))])
        }
    }
}
