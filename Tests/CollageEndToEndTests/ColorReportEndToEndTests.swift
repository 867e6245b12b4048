import CollageTestSupport
import Foundation
import Testing

/// What the reports say about colour, read from the real executable: `inspect` and `build --json`
/// name each profile, `-v` tells the conversion's time, and a profile that cannot be applied is
/// said once, on a line of its own, while the photo is still used. `--embed-srgb` says in the
/// collage that it is sRGB, read back by Pillow.
@Suite("Colour profiles in the reports, sRGB said in the collage", .timeLimit(.minutes(2)))
struct ColorReportEndToEndTests {
    static let repository = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent().path

    @Test func inspectNamesEachProfile() async throws {
        let files = "cups-p3.jpg cups-cmyk-profile.jpg cups-chrm.png cups-bad-profile.jpg cups-srgb.jpg"
        let json = try await Shell.run("collage inspect --json \(files)", in: Fixtures.directory)
        #expect(json.status == 0)
        #expect(try await Shell.jq(#""\(.path): \(.profile)""#, json.stdout) == [
            "cups-p3.jpg: Display P3", "cups-cmyk-profile.jpg: Artifex CMYK SWOP Profile", "cups-chrm.png: cHRM and gAMA",
            "cups-bad-profile.jpg: invalid profile", "cups-srgb.jpg: null",
        ])
        let text = try await CollageCommand.run(["inspect", Fixtures.path("cups-adobergb.jpg"), Fixtures.path("kite.jpg")])
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("SCANS     PROFILE") == true)
        #expect(lines.dropFirst().first?.contains("baseline  Adobe RGB (1998)  ") == true, "\(lines)")
        #expect(lines.dropFirst(2).first?.contains("baseline  -  ") == true, "\(lines)")
    }

    @Test func buildReportsTheProfileAndTheConversion() async throws {
        let out = try TemporaryDirectory()
        let result = try await Shell.run(
            "collage build cups-p3.jpg kite.jpg cups-bad-profile.jpg cups-cmyk-profile.jpg --similarity 0 --json --size 600x400 -o \(out.file("c.jpg"))",
            in: Fixtures.directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await Shell.jq(#".inputs[] | "\(.path) \(.decode.profile) \(.decode.colorSeconds | type) \(.decode.profileIgnored != null)""#, result.stdout) == [
            "cups-p3.jpg Display P3 number false", "kite.jpg null null false",
            "cups-bad-profile.jpg null null true", "cups-cmyk-profile.jpg Artifex CMYK SWOP Profile null false",
        ])
        // Said without -v, as libvips warns: the photo is used all the same.
        #expect(result.stderr.contains("cups-bad-profile.jpg: colour profile ignored ("), "\(result.stderr)")
        let check = try await Shell.run(
            "collage build cups-p3.jpg kite.jpg cups-bad-profile.jpg --similarity 0 --json --dry-run"
                + " | python3 \(Self.repository)/Tests/EndToEnd/validate-json.py \(Self.repository)/docs/build.schema.json"
                + " && collage inspect --json cups-p3.jpg cups-srgb.jpg empty.jpg"
                + " | python3 \(Self.repository)/Tests/EndToEnd/validate-json.py \(Self.repository)/docs/inspect.schema.json --lines",
            in: Fixtures.directory)
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test func verboseTellsTheConversionTime() async throws {
        let out = try TemporaryDirectory()
        let result = try await CollageCommand.run(["build", Fixtures.path("cups-p3.jpg"), Fixtures.path("kite.jpg"), "-v", "-o", out.file("c.jpg")])
        #expect(result.status == 0)
        let line = try #require(result.stderrLines.first { $0.contains("cups-p3.jpg: added") })
        #expect(line.contains(", Display P3 to sRGB in "), "\(line)")
        #expect(!(result.stderrLines.first { $0.contains("kite.jpg: added") } ?? "").contains("to sRGB"))
    }

    @Test("--embed-srgb: lcms2's sRGB profile in a JPEG, an sRGB chunk in a PNG; neither by default", arguments: ["jpg", "png"])
    func embedsSRGB(format: String) async throws {
        let out = try TemporaryDirectory()
        let (tagged, plain) = (out.file("tagged.\(format)"), out.file("plain.\(format)"))
        for (output, flags) in [(tagged, ["--embed-srgb"]), (plain, [])] {
            let result = try await CollageCommand.run(["build", Fixtures.path("cups-p3.jpg"), "--size", "300x200", "-o", output] + flags)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let script = """
            import io, sys
            from PIL import Image, ImageCms
            for path in sys.argv[1:]:
                info = Image.open(path).info
                icc = info.get("icc_profile")
                name = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(icc))).strip() if icc else None
                print(name, len(icc or b""), info.get("srgb"))
            """
        let read = try await Shell.run("python3 -c \(Shell.quote(script)) \(tagged) \(plain)")
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.lines == (format == "jpg" ? ["sRGB built-in 588 None", "None 0 None"] : ["None 0 0", "None 0 None"]))
    }
}
