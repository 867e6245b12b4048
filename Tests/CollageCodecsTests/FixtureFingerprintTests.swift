import CollageCodecs
import CollageCore
import CollageTestSupport
import Foundation
import Testing

/// The fingerprint's candidate threshold is measured here, on real photos: every copy of a photo
/// must be a candidate, and photos of different scenes far outside it. Shots of one scene may
/// fall on either side; the thumbnail tells them apart (`SamePhotoTests`).
@Suite("Duplicate candidates among the fixtures")
struct FixtureFingerprintTests {
    /// Scenes, each a list of pictures, each a list of copies of it.
    static let scenes: [[[String]]] = [
        [["kite.jpg", "kite-copy.jpg", "kite-resized-q60.jpg", "kite-palette.png"]],
        [["eveningglow.jpg", "eveningglow-copy.jpg", "eveningglow-q30.jpg", "eveningglow-quarter.jpg", "eveningglow-converted.png",
          "eveningglow-from-png.jpg", "eveningglow-exif6.jpg", "eveningglow-jpegtran.jpg", "eveningglow-meta.jpg"],
         ["eveningglow-4x3.jpg"]],
        [["bythewater.jpg", "bythewater-16bit.png"]],
        [["cups-exif6.jpg", "cups-exif8.jpg"]],
        [["booth-1.jpg", "booth-1-q30.jpg", "booth-1-quarter.jpg"], ["booth-2.jpg"], ["booth-3.jpg"], ["booth-4.jpg"],
         ["booth-5.jpg"], ["booth-6.jpg"], ["booth-hand.jpg"], ["booth-cup.jpg"], ["summer-exif3.jpg"], ["summer-alpha.png"]],
        [["coldripple.jpg"], ["coldripple-cmyk.jpg"]],
        [["autumn.jpg"]], [["fallenleaf.jpg"]], [["path.jpg"]], [["grey-gray.jpg"]],
    ]

    func fingerprint(_ name: String) throws -> Fingerprint {
        let image = try #require(try PhotoDecoder.decode(try Fixtures.bytes(name)) { $0.displayedSize }.image)
        return Fingerprint(of: image)
    }

    @Test func copiesAreCandidatesAndOtherScenesAreNot() throws {
        let files = Self.scenes.enumerated().flatMap { scene, pictures in
            pictures.enumerated().flatMap { picture, copies in copies.map { (name: $0, scene: scene, picture: picture) } }
        }
        let prints = try files.map { try fingerprint($0.name) }
        var farthestCopy = 0, closestOtherScene = 128
        for i in files.indices {
            for j in files.indices where j > i {
                let (a, b, d) = (files[i], files[j], prints[i].distance(to: prints[j]))
                if a.scene != b.scene {
                    closestOtherScene = min(closestOtherScene, d)
                    #expect(d > Fingerprint.candidateThreshold, "\(a.name) vs \(b.name): \(d)")
                } else if a.picture == b.picture {
                    farthestCopy = max(farthestCopy, d)
                    #expect(d <= Fingerprint.candidateThreshold, "\(a.name) ~ \(b.name): \(d)")
                }
            }
        }
        print("fingerprint distances: copies at most \(farthestCopy), other scenes at least \(closestOtherScene)")
    }
}
