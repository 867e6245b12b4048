import CollageCore
import CollageImaging
import Testing

@Suite("EXIF orientation turns stored pixels upright")
struct OrientationTests {
    /// A 3x2 stored image whose pixels are labelled a…f, row by row:  a b c / d e f.
    let stored: RGBImage = {
        var image = RGBImage(size: PixelSize(width: 3, height: 2), filledWith: .black)
        for label in 0..<6 { image.pixels[label * 3] = UInt8(label) }
        return image
    }()

    func labels(_ image: RGBImage) -> [[Character]] {
        (0..<image.height).map { y in (0..<image.width).map { x in Character(UnicodeScalar(97 + image[x, y].red)) } }
    }

    /// What each orientation shows, written out by hand from the EXIF specification.
    @Test(arguments: [
        (Orientation.up, ["abc", "def"]),
        (.upMirrored, ["cba", "fed"]),
        (.down, ["fed", "cba"]),
        (.downMirrored, ["def", "abc"]),
        (.leftMirrored, ["ad", "be", "cf"]),
        (.right, ["da", "eb", "fc"]),
        (.rightMirrored, ["fc", "eb", "da"]),
        (.left, ["cf", "be", "ad"]),
    ])
    func displayedPixels(orientation: Orientation, expected: [String]) {
        let shown = stored.applying(orientation)
        #expect(labels(shown) == expected.map(Array.init))
        #expect(shown.size == orientation.displayedSize(of: stored.size))
    }

    @Test func sidewaysOrientationsSwapTheSize() {
        let phone = PixelSize(width: 4032, height: 3024)
        for orientation in Orientation.allCases {
            let shown = orientation.displayedSize(of: phone)
            #expect(shown.isLandscape == !orientation.swapsAxes)
        }
        #expect(Orientation.right.displayedSize(of: PixelSize(width: 3024, height: 4032)).isLandscape)
        #expect(Orientation.left.displayedSize(of: PixelSize(width: 3024, height: 4032)).isLandscape)
    }
}
