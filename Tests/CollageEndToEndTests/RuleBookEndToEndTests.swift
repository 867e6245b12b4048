import CollageImaging
import CollageTestSupport
import Foundation
import Testing

/// `inspect`, `build` and `build --pages` decide every photo by one rule book
/// (`PhotoRuleBook`): on the issue's folders and on random ones, through the real executable.
@Suite("One rule book: inspect, build and --pages agree", .timeLimit(.minutes(4)))
struct RuleBookEndToEndTests {
    static let repository = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent().path
    let photos = try! TemporaryDirectory(), out = try! TemporaryDirectory()

    /// Each file's decision as "status reason duplicateOf", by path, from the three reports.
    struct Decisions {
        var build: [String: String] = [:], inspect: [String: String] = [:], pages: [String: String] = [:]
        /// Build's used photos in their places (a better copy in the place of the one it
        /// replaced), and the first page's.
        var buildUsed: [String] = [], inspectUsed: [String] = [], firstPage: [String] = []
        var order: [String] = []
    }

    static func row(_ object: [String: Any]) -> String {
        let status = object["status"] as? String ?? "?"
        return status == "used" ? "used" : "skipped \(object["reason"] as? String ?? "?") \(object["duplicateOf"] as? String ?? "-")"
    }

    func decisions(limit: Int) async throws -> Decisions {
        var decisions = Decisions()
        let options = ["--limit", "\(limit)", "--size", "300x200"]
        let build = try await CollageCommand.run(["build", photos.path, "--dry-run", "--json", "-o", out.file("c.jpg")] + options)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(build.stdout.utf8)) as? [String: Any], "\(build.stderr)")
        var used: [(index: Int, path: String)] = []
        for input in try #require(report["inputs"] as? [[String: Any]]) {
            let path = try #require(input["path"] as? String)
            decisions.order.append(path)
            decisions.build[path] = Self.row(input)
            if input["status"] as? String == "used" { used.append((try #require(input["index"] as? Int), path)) }
        }
        decisions.buildUsed = used.sorted { $0.index < $1.index }.map(\.path)
        let inspect = try await CollageCommand.run(["inspect", photos.path, "--json"] + options)
        var inspected: [(index: Int, path: String)] = []
        for line in inspect.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let path = try #require(object["path"] as? String)
            decisions.inspect[path] = Self.row(object)
            if object["status"] as? String == "used" { inspected.append((try #require(object["index"] as? Int), path)) }
        }
        decisions.inspectUsed = inspected.sorted { $0.index < $1.index }.map(\.path)
        let pages = try await CollageCommand.run(["build", "--pages", photos.path, "--dry-run", "--json", "-o", out.file("p.jpg")] + options)
        for line in pages.stdout.split(separator: "\n") {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let data = try #require(event["data"] as? [String: Any])
            switch event["type"] as? String {
            case "added": decisions.pages[try #require(data["path"] as? String)] = "used"
            case "skipped": decisions.pages[try #require(data["path"] as? String)] = Self.row(data.merging(["status": "skipped"]) { $1 })
            case "pages":
                let first = (data["pages"] as? [[String: Any]])?.first?["photos"] as? [[String: Any]] ?? []
                decisions.firstPage = first.compactMap { $0["path"] as? String }
            default: break
            }
        }
        return decisions
    }

    /// The issue's folder: an 80x50 re-encode sorts before its 320x200 original.
    @Test func theOriginalIsKeptByBuildPagesAndInspect() async throws {
        for name in ["eveningglow-quarter.jpg", "autumn.jpg", "eveningglow.jpg"] {
            try FileManager.default.copyItem(atPath: Fixtures.path(name), toPath: photos.file(name))
        }
        let (autumn, quarter, original) = (photos.file("autumn.jpg"), photos.file("eveningglow-quarter.jpg"), photos.file("eveningglow.jpg"))
        let found = try await decisions(limit: 6)
        let expected = [autumn: "used", quarter: "skipped duplicate \(original)", original: "used"]
        #expect(found.build == expected)
        #expect(found.inspect == expected)
        #expect(found.pages == expected)
        #expect(found.firstPage == [autumn, original])
        // The page written shows the original, as build's collage does.
        let pages = try await CollageCommand.run(["build", "--pages", photos.path, "--size", "600x300", "-o", out.file("album.jpg")])
        #expect(pages.stderrLines.first == "collage: \(quarter): duplicate of \(original), a better copy that took its place")
        try CollageChecks.expectTiles(of: out.file("album-0001.jpg"), show: [autumn, original],
                                      in: CollageChecks.pageTiles(count: 2, canvas: PixelSize(width: 600, height: 300)))
    }

    /// A phone's folder: WhatsApp's 160x100 JPEG of a photo sorts before the phone's 320x200 HEIC.
    @Test func theHEICIsKeptOverItsSmallerJPEG() async throws {
        let script = """
            from PIL import Image; import pillow_heif; pillow_heif.register_heif_opener()
            image = Image.open('\(Fixtures.path("eveningglow.jpg"))')
            image.save('\(photos.file("IMG_0001.heic"))', 'HEIF', quality=90)
            image.resize((160, 100), Image.LANCZOS).save('\(photos.file("IMG_0001-WA.jpg"))', 'JPEG', quality=70)
            """
        let made = try await Shell.run("python3 -c \(Shell.quote(script))")
        #expect(made.status == 0, "\(made.stderr)")
        try FileManager.default.copyItem(atPath: Fixtures.path("autumn.jpg"), toPath: photos.file("autumn.jpg"))
        let (heic, whatsapp) = (photos.file("IMG_0001.heic"), photos.file("IMG_0001-WA.jpg"))
        let found = try await decisions(limit: 6)
        let expected = [whatsapp: "skipped duplicate \(heic)", heic: "used", photos.file("autumn.jpg"): "used"]
        #expect(found.build == expected)
        #expect(found.inspect == expected)
        #expect(found.pages == expected)
        #expect(found.firstPage == [heic, photos.file("autumn.jpg")])
    }

    /// Random folders (`make-rule-folder.py`: copies in four formats and three sizes, portraits,
    /// squares, corrupt files, random names): with room for every photo, the three agree on
    /// every file; with a limit of 3, on every file build decided before its collage filled, and
    /// the first page is build's collage.
    @Test("Random folders: the three reports agree photo for photo", arguments: [11, 12, 13, 14, 15, 16])
    func randomFoldersAgree(seed: Int) async throws {
        let made = try await Shell.run("python3 \(Self.repository)/Tests/EndToEnd/make-rule-folder.py \(Shell.quote(photos.path)) \(seed)")
        #expect(made.status == 0, "\(made.stderr)")
        let folder = "seed \(seed):\n\(made.text)"
        let roomy = try await decisions(limit: 100)
        #expect(roomy.build == roomy.inspect, "\(folder)")
        #expect(roomy.build == roomy.pages, "\(folder)")
        #expect(roomy.firstPage == roomy.buildUsed, "\(folder)")
        #expect(roomy.inspectUsed == roomy.buildUsed, "\(folder)")
        #expect(roomy.build.values.contains { $0.hasPrefix("skipped duplicate") }, "\(folder): a folder with no copy taken proves little")

        let full = try await decisions(limit: 3)
        #expect(full.firstPage == full.buildUsed, "\(folder)")
        #expect(full.inspectUsed == full.buildUsed, "\(folder)")
        for path in full.order where full.build[path]?.hasPrefix("skipped over-limit") == false {
            #expect(full.inspect[path] == full.build[path], "\(path) in \(folder)")
            #expect(full.pages[path] == full.build[path], "\(path) in \(folder)")
        }
    }
}
