import CollageCore
import Testing

@Suite struct PrintCommandTests {
    @Test(arguments: [
        ("lp -d booth -n {copies} {path}", ["lp", "-d", "booth", "-n", "2", "/out/a b.jpg"]),
        ("  lp\t{path}  ", ["lp", "/out/a b.jpg"]),
        ("lp -o 'media=4x6 in' {path}", ["lp", "-o", "media=4x6 in", "/out/a b.jpg"]),
        ("lp -t \"Booth \\\"one\\\" \\$HOME\" {path}", ["lp", "-t", "Booth \"one\" $HOME", "/out/a b.jpg"]),
        ("lp -t \"a\\b\" {path}", ["lp", "-t", "a\\b", "/out/a b.jpg"]),
        ("lp -t a\\ b\\'c {path}", ["lp", "-t", "a b'c", "/out/a b.jpg"]),
        ("lp '' {path}", ["lp", "", "/out/a b.jpg"]),
        ("lp file={path} -n{copies}x", ["lp", "file=/out/a b.jpg", "-n2x"]),
        ("lp '{path}' \"{copies}\"", ["lp", "/out/a b.jpg", "2"]),
        ("lp {{literal}} $(rm -rf x) `id` a;b|c {path}", ["lp", "{literal}", "$(rm", "-rf", "x)", "`id`", "a;b|c", "/out/a b.jpg"]),
        ("lp \\\n{path}", ["lp", "/out/a b.jpg"]),
    ])
    func splitsLikeAShellAndFillsPlaceholders(source: String, expected: [String]) throws {
        #expect(try PrintCommand(parsing: source).arguments(path: "/out/a b.jpg", copies: 2) == expected)
    }

    @Test func aPathWithShellSyntaxIsOneLiteralArgument() throws {
        let path = "/out/Anna & Ben $(touch pwned) 'x' \"y\" {copies}.jpg"
        #expect(try PrintCommand(parsing: "lp {path}").arguments(path: path, copies: 1) == ["lp", path])
    }

    @Test func aNameThatIsNotUTF8KeepsItsBytes() throws {
        let path: [UInt8] = Array("/out/caf".utf8) + [0xE9] + Array(".jpg".utf8)
        #expect(try PrintCommand(parsing: "lp -n{copies} {path}").arguments(path: path, copies: 3) == [Array("lp".utf8), Array("-n3".utf8), path])
    }

    @Test func wordsKeepTheirPlaceholders() throws {
        #expect(try PrintCommand(parsing: "lp -n{copies} '{path}'").words == [[.text("lp")], [.text("-n"), .copies], [.path]])
    }

    @Test(arguments: [
        ("lp {name} {path}", PrintCommandError.unknownPlaceholder("name", in: "lp {name} {path}")),
        ("lp 'x {path}", .unclosedQuote("'", in: "lp 'x {path}")),
        ("lp \"x {path}", .unclosedQuote("\"", in: "lp \"x {path}")),
        ("lp {path} \\", .trailingBackslash(in: "lp {path} \\")),
        ("lp {path", .unclosedBrace(in: "lp {path")),
        ("lp } {path}", .strayClosingBrace(in: "lp } {path}")),
        ("lp -n {copies}", .noPath(in: "lp -n {copies}")),
        ("  ", .empty),
        ("", .empty),
    ])
    func malformedCommandsAreRefused(source: String, error: PrintCommandError) {
        #expect(throws: error) { try PrintCommand(parsing: source) }
        #expect(!error.description.contains("\n"))
    }
}
