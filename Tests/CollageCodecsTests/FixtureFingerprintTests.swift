import CollageCodecs
import CollageCore
import CollageTestSupport
import Foundation
import Testing

/// The duplicate threshold is measured here, on real photos: copies must fall within it and
/// different photos far outside it.
@Suite("Duplicates among the fixtures")
struct FixtureFingerprintTests {
    static let groups: [[String]] = [
        ["kite.jpg", "kite-copy.jpg", "kite-resized-q60.jpg", "kite-palette.png"],
        ["bythewater.jpg", "bythewater-16bit.png"],
        ["cups-exif6.jpg", "cups-exif8.jpg"],
        ["autumn.jpg"], ["coldripple.jpg"], ["eveningglow.jpg"], ["fallenleaf.jpg"], ["path.jpg"],
        ["summer-exif3.jpg"], ["grey-gray.jpg"], ["coldripple-cmyk.jpg"], ["summer-alpha.png"],
    ]

    func fingerprint(_ name: String) throws -> Fingerprint {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name))))
        let image = try #require(try PhotoDecoder.decode(bytes) { $0.displayedSize }.image)
        return Fingerprint(of: image)
    }

    @Test func copiesAreSameAndOthersAreNot() throws {
        let names = Self.groups.flatMap { $0 }
        let prints = try names.map(fingerprint)
        let group = Dictionary(uniqueKeysWithValues: Self.groups.enumerated().flatMap { i, g in g.map { ($0, i) } })
        var worstSame = 0, closestDifferent = 128
        for i in names.indices {
            for j in names.indices where j > i {
                let d = prints[i].distance(to: prints[j])
                if group[names[i]] == group[names[j]] {
                    worstSame = max(worstSame, d)
                    #expect(d <= Fingerprint.samePhotoThreshold, "\(names[i]) ~ \(names[j]): \(d)")
                } else {
                    closestDifferent = min(closestDifferent, d)
                    #expect(d > Fingerprint.samePhotoThreshold, "\(names[i]) vs \(names[j]): \(d)")
                }
            }
        }
        print("fingerprint distances: copies at most \(worstSame), different photos at least \(closestDifferent)")
    }
}
