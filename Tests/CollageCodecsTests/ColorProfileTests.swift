import CollageCodecs
import CollageCore
import CollageImaging
import CollageTestSupport
import Foundation
import Testing

/// Embedded colour profiles applied as a colour-managed viewer applies them: every decode is
/// checked against an independent reader (Pillow with ImageCms, `Tests/EndToEnd/pillow-srgb.py`).
/// The fixtures are one sRGB photo (cups-srgb.jpg) converted into other spaces and tagged.
@Suite("Colour profiles to sRGB, as Pillow with ImageCms shows them", .timeLimit(.minutes(3)))
struct ColorProfileTests {
    /// The photo at full size, as collage decodes it.
    func decode(_ name: String) throws -> DecodedImage {
        let bytes = try Fixtures.bytes(name)
        return try #require(try PhotoDecoder.decode(bytes) { $0.displayedSize }.decoded)
    }

    /// The same file read by Pillow (with pillow-heif), its profile applied by ImageCms. Pillow
    /// reads neither `nclx` nor cHRM and gAMA: a HEIC tagged so is converted by the same P3 ICC
    /// profile, cups-p3.png's; the gray PNG by the same description as iCCP, its twin's.
    func pillow(_ name: String) async throws -> [UInt8] {
        let script = "\(Self.repository)/Tests/EndToEnd/pillow-srgb.py"
        let lender = name.hasSuffix("-nclx.heic") ? "cups-p3.png" : name == "cups-gray-chrm.png" ? "cups-gray-icc.png" : nil
        let profile = lender.map { " " + Shell.quote(Fixtures.path($0)) } ?? ""
        let result = try await Shell.run("python3 \(Shell.quote(script)) \(Shell.quote(Fixtures.path(name)))\(profile)")
        #expect(result.status == 0, "\(result.stderr)")
        return [UInt8](result.stdout)
    }

    static let repository = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent().path

    func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count, "\(a.count) bytes against \(b.count)")
        return Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(max(1, a.count))
    }

    @Test("Each profile kind is applied, within a mean of 2 levels of Pillow's", arguments: [
        ("cups-p3.jpg", "Display P3"),
        ("cups-adobergb.jpg", "Adobe RGB (1998)"),
        ("cups-prophoto.jpg", "ProPhoto RGB"),
        ("cups-swapped.jpg", "sRGB red-green swapped"),
        ("cups-p3-split.jpg", "Display P3 (long)"),
        ("cups-cmyk-profile.jpg", "Artifex CMYK SWOP Profile"),
        ("cups-prophoto.png", "ProPhoto RGB"),
        ("cups-gray-profile.jpg", "Artifex PS Gray Profile"),
        // Phones' formats go through the same conversion: a P3 PNG encoded by heif-enc (`prof`)
        // and by cwebp (`ICCP`), and as a HEIC whose P3 is said by `nclx` code points alone.
        ("cups-p3.png", "Display P3"),
        ("cups-p3.heic", "Display P3"),
        ("cups-p3.webp", "Display P3"),
        ("cups-p3-nclx.heic", "Display P3 (nclx)"),
    ])
    func matchesPillow(name: String, profile: String) async throws {
        let decoded = try decode(name)
        #expect(decoded.header.colorProfile?.name == profile)
        #expect(decoded.details.color.profile == profile)
        if case .converted = decoded.details.color {} else { Issue.record("\(name): \(decoded.details.color)") }
        let difference = meanDifference(decoded.image.pixels, try await pillow(name))
        #expect(difference <= 2, "\(name): mean |diff| \(difference) from Pillow + ImageCms")
    }

    @Test("The clearest proof: under the swapped profile red comes out red, not green")
    func swappedProfileShowsRedAsRed() throws {
        let swapped = try decode("cups-swapped.jpg").image
        let srgb = try decode("cups-srgb.jpg").image
        let stored = try PhotoDecoder.decode(try Fixtures.bytes("cups-swapped.jpg").withoutICCMarkers()) { $0.displayedSize }.image
        let unconverted = meanDifference(try #require(stored).pixels, srgb.pixels)
        let converted = meanDifference(swapped.pixels, srgb.pixels)
        #expect(unconverted > 15, "the stored pixels should be far from sRGB: \(unconverted)")
        #expect(converted < 3, "converted, the photo should be its sRGB self: \(converted)")
        // The reddest pixel of the sRGB photo is red in the converted one too.
        func redness(_ pixels: [UInt8], _ offset: Int) -> Int { Int(pixels[offset]) - Int(pixels[offset + 1]) }
        let offsets = Array(stride(from: 0, to: srgb.pixels.count, by: 3))
        let reddest = try #require(offsets.max { redness(srgb.pixels, $0) < redness(srgb.pixels, $1) })
        #expect(redness(srgb.pixels, reddest) > 100)
        #expect(redness(swapped.pixels, reddest) > 80, "red shown as \(swapped.pixels[reddest...].prefix(3))")
    }

    @Test("cHRM and gAMA make a profile: the same photo as its ProPhoto iCCP copy")
    func chromaticitiesAndGamma() async throws {
        let decoded = try decode("cups-chrm.png")
        #expect(decoded.header.colorProfile?.name == "cHRM and gAMA")
        #expect(decoded.details.color.profile == "cHRM and gAMA")
        let difference = meanDifference(decoded.image.pixels, try await pillow("cups-prophoto.png"))
        #expect(difference <= 2, "mean |diff| \(difference)")
    }

    /// The gray PNG's chunks, as the colour one's: its 1.6 curve (gAMA 62500) shows stored 32 as
    /// 53, where the stored value was kept before.
    @Test("cHRM and gAMA on a gray PNG make a gray profile: as Pillow shows the same description as iCCP")
    func grayPNGWithChromaticities() async throws {
        let decoded = try decode("cups-gray-chrm.png")
        #expect(decoded.header.colorProfile?.name == "cHRM and gAMA" && decoded.header.colorProfile?.space == .gray)
        if case .converted = decoded.details.color {} else { Issue.record("\(decoded.details.color)") }
        let reference = try await pillow("cups-gray-chrm.png")
        #expect(meanDifference(decoded.image.pixels, reference) <= 1)
        // The stored values, as Pillow reads them with no colour management.
        let read = "from PIL import Image; import sys; sys.stdout.buffer.write(Image.open(sys.argv[1]).convert('RGB').tobytes())"
        let stored = [UInt8](try await Shell.run("python3 -c \(Shell.quote(read)) \(Shell.quote(Fixtures.path("cups-gray-chrm.png")))").stdout)
        try #require(stored.count == decoded.image.pixels.count)
        let shown = Set(stored.indices.filter { stored[$0] == 32 }.map { decoded.image.pixels[$0] })
        #expect(!shown.isEmpty && shown.allSatisfy { (52...54).contains($0) }, "stored 32 shown as \(shown.sorted())")
    }

    @Test("Transparency is blended in sRGB values: 50 % black over white is 128, not libpng's 186",
          arguments: ["half-black-alpha.png", "half-black-alpha-interlaced.png"])
    func alphaBlendsInStoredValues(name: String) async throws {
        let image = try decode(name).image
        let left = stride(from: 0, to: image.pixels.count, by: 3).filter { ($0 / 3) % image.size.width < 160 }
        #expect(left.allSatisfy { image.pixels[$0] == 128 && image.pixels[$0 + 1] == 128 && image.pixels[$0 + 2] == 128 })
        #expect(meanDifference(image.pixels, try await pillow(name)) <= 0.5)
    }

    @Test("A broken profile: the photo is still used, as stored, and the report says why")
    func brokenProfileIsIgnored() throws {
        let decoded = try decode("cups-bad-profile.jpg")
        guard case .ignored(nil, let reason) = decoded.details.color else {
            Issue.record("\(decoded.details.color)")
            return
        }
        #expect(!reason.isEmpty)
        #expect(decoded.header.colorProfile?.shownName == "invalid profile")
        #expect(meanDifference(decoded.image.pixels, try decode("cups-srgb.jpg").image.pixels) < 1)
    }

    @Test("A photo without a profile is sRGB: no conversion", arguments: ["cups-srgb.jpg", "kite.jpg", "half-black-alpha.png"])
    func noProfileNoConversion(name: String) throws {
        let decoded = try decode(name)
        #expect(decoded.header.colorProfile == nil)
        #expect(decoded.details.color == .none)
    }

    @Test("ImageMagick's PNGs (sRGB's cHRM, gAMA 1/2.2) are sRGB: the pixels libpng stores", arguments: [
        "kite-palette.png", "bythewater-16bit.png", "eveningglow-converted.png",
    ])
    func imageMagickPNGsAreSRGB(name: String) async throws {
        let decoded = try decode(name)
        #expect(decoded.details.color.profile == "cHRM and gAMA")
        #expect(meanDifference(decoded.image.pixels, try await pillow(name)) < 0.5)
    }

    @Test("The kept-size copy is converted: a photo decoded small matches it decoded whole, shrunk")
    func convertedAtKeptSize() throws {
        let bytes = try Fixtures.bytes("cups-p3.jpg")
        let small = try #require(try PhotoDecoder.decode(bytes) { _ in PixelSize(width: 80, height: 50) }.decoded)
        let whole = try decode("cups-p3.jpg").image.resized(to: PixelSize(width: 80, height: 50))
        #expect(meanDifference(small.image.pixels, whole.pixels) < 2)
        guard case .converted(_, let time?) = small.details.color else {
            Issue.record("\(small.details.color)")
            return
        }
        #expect(time >= .zero)
    }

    @Test("Photos with the same new profile decoded at once share one transform and agree")
    func concurrentDecodesAgree() async throws {
        let names = ["cups-p3.jpg", "cups-adobergb.jpg", "cups-prophoto.png", "cups-cmyk-profile.jpg"]
        let expected = try names.map { try decode($0).image }
        let results = try await withThrowingTaskGroup(of: (Int, RGBImage).self) { group in
            for round in 0..<16 {
                group.addTask { (round % names.count, try decode(names[round % names.count]).image) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 16)
        for (index, image) in results { #expect(image == expected[index], "\(names[index])") }
    }
}

extension [UInt8] {
    /// The JPEG without its APP2 ICC_PROFILE markers: the stored pixels, read as sRGB.
    func withoutICCMarkers() -> [UInt8] {
        var output = Array(self[..<2])
        var index = 2
        while index + 4 <= count, self[index] == 0xFF, self[index + 1] != 0xDA {
            let length = Int(self[index + 2]) << 8 | Int(self[index + 3])
            let segment = self[index..<Swift.min(count, index + 2 + length)]
            if !(self[index + 1] == 0xE2 && segment.dropFirst(4).starts(with: Array("ICC_PROFILE".utf8))) { output += segment }
            index += 2 + length
        }
        return output + self[Swift.min(index, count)...]
    }
}

/// A profile the tool makes (from a HEIF's nclx, for --embed-srgb) depends on its inputs alone:
/// lcms2 stamps the time of saving into it, so the same file read a second apart had another
/// header (the fuzzer's finding) and --embed-srgb wrote other bytes.
@Suite("Profiles the tool makes are the same bytes every time")
struct MadeProfileTests {
    /// The ICC header's creation date (bytes 24-35) is fixed; the profile ID (84-99) is unset.
    func expectFixedHeader(_ icc: [UInt8]) {
        #expect(Array(icc[24..<36]) == [0x07, 0xD0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
        #expect(icc[84..<100].allSatisfy { $0 == 0 })
    }

    @Test func aProfileMadeFromNCLXCarriesNoTimeOfMaking() throws {
        let profile = try #require(try PhotoDecoder.header(of: Fixtures.bytes("cups-p3-nclx.heic")).colorProfile)
        expectFixedHeader(profile.icc)
    }

    @Test func theEmbeddedSRGBProfileCarriesNoTimeOfMaking() throws {
        expectFixedHeader(try ColorProfile.sRGB.get())
    }
}
