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
    /// the first page is build's collage, but for a better copy found after build stopped
    /// reading, which takes its copy's place on the page (`--pages` reads every file).
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
        let prefix = "skipped duplicate "
        // A photo build used that a later better copy replaced on the page: that copy, in its place.
        let betterLater = { (path: String) -> String? in
            guard full.build[path] == "used", let row = full.pages[path], row.hasPrefix(prefix) else { return nil }
            return String(row.dropFirst(prefix.count))
        }
        #expect(full.firstPage == full.buildUsed.map { betterLater($0) ?? $0 }, "\(folder)")
        #expect(full.inspectUsed == full.buildUsed, "\(folder)")
        for path in full.order where full.build[path]?.hasPrefix("skipped over-limit") == false {
            #expect(full.inspect[path] == full.build[path], "\(path) in \(folder)")
            if let better = betterLater(path) {
                let (kept, found) = (full.order.firstIndex(of: path) ?? 0, full.order.firstIndex(of: better) ?? 0)
                #expect(found > kept && full.build[better]?.hasPrefix("skipped over-limit") == true, "\(path) in \(folder)")
            } else {
                #expect(full.pages[path] == full.build[path], "\(path) in \(folder)")
            }
        }
    }

    /// 150 photos with copies at page boundaries (`--limit 6`): six small copies sorting before
    /// every photo (page 1, its better copies found pages later), small copies sorting just
    /// before their originals at every cell of a page (its last among them), a few files before,
    /// and after them. `inspect --pages` tells for every file what `build --pages` did: kept or
    /// why not (the copy that replaced it), its page, cell, number and tile, and the copy it
    /// replaced.
    @Test func inspectTellsWhatPagesDoesOnAHundredAndFiftyPhotos() async throws {
        var specs = (0..<130).map { String(format: "p%03d.jpg", $0) }
        specs += [3, 20, 41, 77, 100, 129].map { String(format: "a%03d.jpg=p%03d.jpg", $0, $0) }
        specs += [4, 9, 10, 15, 22, 28, 34, 46].map { String(format: "p%03dw.jpg=p%03d.jpg", $0, $0 + 1) }
        specs += [50, 60, 70].map { String(format: "p%03dw.jpg=p%03d.jpg", $0, $0 + 4) }
        specs += [5, 61, 90].map { String(format: "q%03d.jpg=p%03d.jpg", $0, $0) }
        let made = try await Shell.run("python3 \(Self.repository)/Tests/EndToEnd/make-page-photos.py \(Shell.quote(photos.path)) "
            + specs.map(Shell.quote).joined(separator: " "))
        #expect(made.status == 0, "\(made.stderr)")
        let options = ["--limit", "6", "--size", "600x400"]
        let pages = try await CollageCommand.run(["build", "--pages", photos.path, "--json", "-o", out.file("album.jpg")] + options)
        #expect(pages.status == 0, "\(pages.stderr)")
        var built: [String: String] = [:]
        for line in pages.stdout.split(separator: "\n") {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let data = try #require(event["data"] as? [String: Any])
            if event["type"] as? String == "skipped" {
                built[try #require(data["path"] as? String)] = Self.row(data.merging(["status": "skipped"]) { $1 })
            }
            guard event["type"] as? String == "pages" else { continue }
            for page in try #require(data["pages"] as? [[String: Any]]) {
                for (cell, photo) in try #require(page["photos"] as? [[String: Any]]).enumerated() {
                    let tile = try #require(photo["tile"] as? [String: Int])
                    built[try #require(photo["path"] as? String)] = "used page \(page["page"] ?? "?") cell \(cell) #\(photo["number"] ?? "?") \(tile["x"] ?? 0),\(tile["y"] ?? 0)"
                }
            }
        }
        let inspect = try await CollageCommand.run(["inspect", "--pages", photos.path, "--json"] + options)
        #expect(inspect.status == 0, "\(inspect.stderr)")
        var inspected: [String: String] = [:], replaced = 0
        for line in inspect.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let path = try #require(object["path"] as? String)
            if object["replaced"] is String { replaced += 1 }
            guard object["status"] as? String == "used", let tile = object["tile"] as? [String: Int] else {
                inspected[path] = Self.row(object)
                continue
            }
            inspected[path] = "used page \(object["page"] ?? "?") cell \(object["index"] ?? "?") #\(object["number"] ?? "?") \(tile["x"] ?? 0),\(tile["y"] ?? 0)"
        }
        #expect(inspected.count == 150 && built.count == 150, "\(inspected.count) \(built.count)")
        for path in inspected.keys.sorted() { #expect(inspected[path] == built[path], "\(path)") }
        // Every small copy sorting first gave its place to its original, found pages later: page 1 was made again.
        #expect(replaced == 6 + 8 + 3)
        #expect(built[photos.file("a003.jpg")] == "skipped duplicate \(photos.file("p003.jpg"))")
        #expect(built[photos.file("p003.jpg")]?.hasPrefix("used page 1 cell 0 #1 ") == true, "\(built[photos.file("p003.jpg")] ?? "-")")
        #expect(pages.stderrLines.contains { $0.contains("album-0001.jpg is made again with it after the last page") }, "\(pages.stderr)")
    }
}
