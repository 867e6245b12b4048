import CollageCanvas
import CollageCore
import CollageEvents
import CollageFiles
import CollageImaging
import CollageLocking
import CollageSources
import CollageTestSupport
import Testing
@testable import CollagePipeline

/// A caption's `{today}` reads the clock the run is given (`CollageOptions.today`), once a
/// collage, so a test gives its own day and reads the line back by value.
@Suite("{today} is the run's clock", .timeLimit(.minutes(1)))
struct TodayClockTests {
    static let day = DateFields(year: 2031, month: 5, day: 17, hour: 9, minute: 30)

    /// A text stack that keeps the lines it is asked to draw.
    struct RecordingTypesetter: CaptionTypesetter {
        let drawn: Locked<[String]>

        func extent(of line: String, pixels: Double) throws -> LineExtent {
            LineExtent(width: Double(line.count) * pixels / 2, ascent: pixels * 0.8, descent: pixels * 0.2)
        }

        func draw(_ lines: [PlacedLine], pixels: Double, size: PixelSize) throws -> AlphaMask {
            drawn.withLock { $0 += lines.map(\.text) }
            return AlphaMask(size: size, coverage: Array(repeating: 0, count: size.area))
        }
    }

    @Test func theCaptionOfABuildSaysTheDayOfTheClockItIsGiven() async throws {
        let out = try TemporaryDirectory(), drawn = Locked<[String]>([])
        let style = CollageStyle(caption: CaptionStyle(lines: [try CaptionTemplate(parsing: "Booth {today:%Y-%m-%d} {today:%H:%M}")]))
        var options = CollageOptions(layout: Layout(canvas: PixelSize(width: 300, height: 200), style: style), decoders: 1)
        options.decorations = Decorations(typesetter: RecordingTypesetter(drawn: drawn))
        options.today = { Self.day }
        let report = await CollageBuild(options: options).run([.file(PhotoFile(path: PathName(Fixtures.path("autumn.jpg"))))],
                                                              to: .file(PathName(out.file("c.jpg"))), as: .jpeg) { _ in }
        #expect(report.failure == nil)
        #expect(drawn.withLock { $0 } == ["Booth 2031-05-17 09:30"])
    }

    @Test func aPhotoWithoutItsDateTakesTheDayOfTheClockAndItsLabelNone() {
        let photo = Photo(name: PathName("trip/kite.jpg"), size: PixelSize(width: 3, height: 2), image: RGBImage(size: PixelSize(width: 3, height: 2)))
        let style = CollageStyle(label: TileLabel(template: try! CaptionTemplate(parsing: "{name}", forLabel: true)))
        let (caption, labels) = CollageRenderer.captionValues([photo], style: style, batch: 4, firstNumber: 9, today: Self.day)
        #expect(caption == CaptionValues(date: Self.day, today: Self.day, number: 4, photos: 1))
        #expect(labels == [CaptionValues(date: nil, today: Self.day, number: 9, photos: 1, name: "kite.jpg", size: PixelSize(width: 3, height: 2))])
    }
}
