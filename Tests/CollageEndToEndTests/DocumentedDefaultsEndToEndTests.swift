import ArgumentParser
import CollageServer
import CollageTestSupport
import Foundation
import Testing
@testable import collage

/// The defaults the guides state are the ones the binary uses. The man page and `--help` cannot
/// drift (both are made from the options' declarations); docs/collages.md's options table and
/// booth.md are written by hand, and an operator sizes a booth by them (`--serve-max-clients`:
/// how many guests' phones the screen serves at once).
@Suite("The defaults the guides state are the binary's", .timeLimit(.minutes(2)))
struct DocumentedDefaultsEndToEndTests {
    /// Each long option's default as the real executable declares it, in any subcommand
    /// (`--experimental-dump-help`: what `--help` prints and the man page is given).
    static func declared() async throws -> [String: Set<String>] {
        let dump = try await CollageCommand.run(["--experimental-dump-help"])
        try #require(dump.status == 0, "\(dump.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var found: [String: Set<String>] = [:]
        func walk(_ command: [String: Any]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                guard let value = argument["defaultValue"] as? String else { continue }
                let names = argument["names"] as? [[String: Any]] ?? []
                for name in names where name["kind"] as? String == "long" {
                    if let long = name["name"] as? String { found["--" + long, default: []].insert(value) }
                }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub) }
        }
        walk(try #require(json["command"] as? [String: Any]))
        return found
    }

    static func guide(_ name: String) throws -> String {
        try String(contentsOfFile: CookbookTests.repository + "/docs/" + name, encoding: .utf8)
    }

    /// docs/collages.md's options table: each row's first option and its default, where the
    /// default is one literal in backticks (not "none", "off" or words).
    static func tableDefaults() throws -> [(option: String, value: String)] {
        try guide("collages.md").split(separator: "\n").compactMap { line -> (String, String)? in
            guard line.hasPrefix("| `-") else { return nil }
            // Cells split on `|` that are not escaped (`--color auto\|always\|never`).
            let cells = line.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, let option = cells[0].split(whereSeparator: { " `,".contains($0) }).first(where: { $0.hasPrefix("--") }),
                  cells[1].hasPrefix("`"), cells[1].hasSuffix("`"), cells[1].filter({ $0 == "`" }).count == 2 else { return nil }
            return (String(option), String(cells[1].dropFirst().dropLast()))
        }
    }

    /// `12` and `12.0` are the same number; anything else compares as written.
    static func same(_ declared: String, _ documented: String) -> Bool {
        if let a = Double(declared), let b = Double(documented) { return a == b }
        return declared == documented
    }

    @Test func theOptionsTableStatesTheBinarysDefaults() async throws {
        let declared = try await Self.declared()
        var compared: [String] = []
        for (option, value) in try Self.tableDefaults() {
            // An option with no declared default is an optional value: the table says in words what its absence means.
            guard let values = declared[option] else { continue }
            compared.append(option)
            #expect(values.allSatisfy { Self.same($0, value) }, "docs/collages.md: \(option) defaults to \(value); the binary: \(values.sorted())")
        }
        #expect(compared.contains("--serve-max-clients") && compared.contains("--serve-idle-timeout") && compared.count >= 15, "\(compared)")
    }

    /// booth.md names the booth's limits in passing: "`--serve-max-clients` (64)".
    @Test func theBoothGuideStatesTheBinarysDefaults() async throws {
        let declared = try await Self.declared()
        let guide = try Self.guide("booth.md")
        let stated = try Regex("`(--[a-z-]+)`(?: [a-z]+)? \\(([0-9]+)\\)")
        var compared: [String] = []
        for match in guide.matches(of: stated) {
            let option = String(try #require(match.output[1].substring)), value = String(try #require(match.output[2].substring))
            compared.append(option)
            #expect(declared[option]?.allSatisfy { Self.same($0, value) } == true,
                    "docs/booth.md: \(option) (\(value)); the binary: \(declared[option]?.sorted() ?? [])")
        }
        #expect(compared.contains("--serve-max-clients") && compared.contains("--serve-idle-timeout"), "\(compared)")
    }

    /// What a booth serves with no option given is the documented number, not only what the
    /// help says: the server's settings as the command line makes them.
    @Test func aBoothWithoutTheOptionsServesWhatTheGuideSays() throws {
        let guide = try Self.guide("booth.md")
        let limit = try #require(guide.firstMatch(of: try Regex("`--serve-max-clients` \\(([0-9]+)\\)"))?.output[1].substring)
        let idle = try #require(guide.firstMatch(of: try Regex("`--serve-idle-timeout` seconds \\(([0-9]+)\\)"))?.output[1].substring)
        let settings = try #require(try Collage.Watch.parse(["photos", "--serve", "0"]).serving.settings(batches: true))
        #expect(settings.maximumClients == Int(limit))
        #expect(settings.idleTimeout == .seconds(try #require(Int(idle))))
    }
}
