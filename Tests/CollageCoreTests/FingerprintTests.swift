import CollageCore
import CollageImaging
import CollageTestSupport
import Testing

@Suite("Perceptual fingerprints")
struct FingerprintTests {
    @Test func resizedCopyIsTheSamePhoto() {
        let photo = TestImages.pattern(seed: 1, 240, 160)
        let original = Fingerprint(of: photo)
        let smaller = Fingerprint(of: photo.resized(to: PixelSize(width: 97, height: 64)))
        #expect(original.distance(to: smaller) <= 4)
        #expect(original.isCandidate(for: smaller))
    }

    @Test func differentPhotosAreFarApart() {
        let prints = (1...8).map { Fingerprint(of: TestImages.pattern(seed: $0, 120, 80)) }
        for i in prints.indices {
            for j in prints.indices where j > i {
                #expect(!prints[i].isCandidate(for: prints[j]), "seeds \(i + 1) and \(j + 1): \(prints[i].distance(to: prints[j]))")
            }
        }
    }

    @Test func distanceCountsDifferingBits() {
        let a = Fingerprint(horizontal: 0b1011, vertical: 0)
        let b = Fingerprint(horizontal: 0b0001, vertical: 1 << 63)
        #expect(a.distance(to: b) == 3)
        #expect(a.distance(to: a) == 0)
        #expect(Fingerprint(horizontal: 0, vertical: 0).distance(to: Fingerprint(horizontal: .max, vertical: .max)) == 128)
    }

    @Test func descriptionIsThirtyTwoHexDigits() {
        #expect(Fingerprint(horizontal: 1, vertical: 2).description.count == 32)
    }
}
