import CollageCanvas
import CollageImaging
import CollageTestSupport
import Testing

@Suite("Attention crops keep the subject")
struct AttentionCropTests {
    static let background = RGB(red: 118, green: 128, blue: 122)

    enum Subject: String, CaseIterable, CustomTestStringConvertible {
        case detail, saturated, skin
        var testDescription: String { rawValue }
    }

    /// A flat, dull photo with one subject in `rect`: fine black-and-white checks, a flat red
    /// patch, or a flat skin-coloured patch.
    static func photo(_ subject: Subject, at rect: PixelRect, width: Int = 160, height: Int = 90) -> RGBImage {
        var image = TestImages.solid(background, width, height)
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) {
                let color: RGB
                switch subject {
                case .detail: color = (x / 2 + y / 2) % 2 == 0 ? .black : .white
                case .saturated: color = RGB(red: 210, green: 30, blue: 40)
                case .skin: color = RGB(red: 224, green: 172, blue: 140)
                }
                let offset = (y * width + x) * 3
                image.pixels[offset] = color.red
                image.pixels[offset + 1] = color.green
                image.pixels[offset + 2] = color.blue
            }
        }
        return image
    }

    func contains(_ window: SourceRegion, _ rect: PixelRect) -> Bool {
        window.x <= Double(rect.x) && window.x + window.width >= Double(rect.x + rect.width)
            && window.y <= Double(rect.y) && window.y + window.height >= Double(rect.y + rect.height)
    }

    @Test("A subject at the side of a landscape photo stays in a tall crop", arguments: Subject.allCases)
    func tallCropKeepsASideSubject(subject: Subject) {
        let tall = PixelSize(width: 30, height: 60)  // a 45x90 window of the 160x90 photo
        for rect in [PixelRect(x: 128, y: 30, width: 20, height: 30), PixelRect(x: 10, y: 8, width: 22, height: 24)] {
            let image = Self.photo(subject, at: rect)
            let centre = CropStrategy.centre.region(of: image, toFill: tall)
            let attention = CropStrategy.attention.region(of: image, toFill: tall)
            #expect(!contains(centre, rect))
            #expect(contains(attention, rect), "\(subject) at \(rect): \(attention)")
            #expect(attention.width == centre.width && attention.height == centre.height)
        }
    }

    @Test("A subject at the bottom stays in a wide crop", arguments: Subject.allCases)
    func wideCropKeepsABottomSubject(subject: Subject) {
        let rect = PixelRect(x: 60, y: 60, width: 30, height: 24)
        let image = Self.photo(subject, at: rect)
        let wide = PixelSize(width: 100, height: 20)  // a 160x32 window
        #expect(!contains(CropStrategy.centre.region(of: image, toFill: wide), rect))
        let attention = CropStrategy.attention.region(of: image, toFill: wide)
        #expect(contains(attention, rect), "\(subject): \(attention)")
        #expect(attention.x == 0 && attention.width == 160)
    }

    @Test func aLargePhotoIsSampledWithoutMissingFineTexture() {
        // 480x270 is over the sample budget, so every second pixel is read. One-pixel checks of
        // white and the background's own grey are seen only because the sampled columns shift
        // from row to row: a fixed grid of samples would read only their grey.
        var image = TestImages.solid(RGB(red: 124, green: 124, blue: 124), 480, 270)
        let subject = PixelRect(x: 400, y: 100, width: 50, height: 60)
        for y in subject.y..<(subject.y + subject.height) {
            for x in subject.x..<(subject.x + subject.width) where (x + y) % 2 == 0 {
                for channel in 0..<3 { image.pixels[(y * 480 + x) * 3 + channel] = 255 }
            }
        }
        #expect(image.size.area > AttentionMap.sampleBudget)
        let window = CropStrategy.attention.region(of: image, toFill: PixelSize(width: 30, height: 60))
        #expect(contains(window, subject), "\(window)")
    }

    @Test func aFeaturelessPhotoIsCroppedInTheCentre() {
        for (width, height) in [(160, 90), (161, 91), (7, 5), (1, 1)] {
            let flat = TestImages.solid(Self.background, width, height)
            for target in [PixelSize(width: 30, height: 60), PixelSize(width: 100, height: 20), PixelSize(width: 16, height: 9)] {
                #expect(CropStrategy.attention.region(of: flat, toFill: target) == .centreCrop(of: flat.size, toFill: target))
            }
        }
    }

    @Test func theWindowStaysInsideThePhoto() {
        for rect in [PixelRect(x: 0, y: 0, width: 8, height: 8), PixelRect(x: 152, y: 82, width: 8, height: 8)] {
            let image = Self.photo(.detail, at: rect)
            for target in [PixelSize(width: 30, height: 60), PixelSize(width: 100, height: 20), PixelSize(width: 50, height: 50)] {
                let window = CropStrategy.attention.region(of: image, toFill: target)
                #expect(window.x >= 0 && window.y >= 0)
                #expect(window.x + window.width <= 160 + 1e-9 && window.y + window.height <= 90 + 1e-9)
                #expect(contains(window, rect))
            }
        }
    }

    @Test func theSameImageGetsTheSameWindow() {
        let image = TestImages.pattern(seed: 3, 120, 80)
        let target = PixelSize(width: 20, height: 50)
        let first = AttentionMap(of: image).window(toFill: target)
        #expect((0..<3).allSatisfy { _ in AttentionMap(of: image).window(toFill: target) == first })
        #expect(CropStrategy.attention.region(of: image, toFill: target) == first)
    }

    @Test func theMapIsCoarse() {
        let map = AttentionMap(of: TestImages.solid(.white, 900, 675))
        #expect(map.columns == 48 && map.rows == 36)
        let tall = AttentionMap(of: TestImages.solid(.white, 300, 1000))
        #expect(tall.columns == 14 && tall.rows == 48)
        #expect(AttentionMap(of: TestImages.solid(.white, 5, 3)).columns == 5)
    }

    @Test func cropStrategiesParse() throws {
        #expect(try CropStrategy(parsing: "centre") == .centre)
        #expect(try CropStrategy(parsing: "Center") == .centre)
        #expect(try CropStrategy(parsing: "ATTENTION") == .attention)
        #expect(throws: StyleError.badCrop("entropy")) { try CropStrategy(parsing: "entropy") }
    }
}
