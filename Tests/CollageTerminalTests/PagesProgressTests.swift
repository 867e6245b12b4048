import CollageTerminal
import Testing

@Suite("The progress line of build --pages: a bar, pages written and the time left")
struct PagesProgressTests {
    /// 12 of 40 photos decided in 4.25 s: 28 more at the same pace take 9.9 s.
    private var line: ProgressLine {
        var line = ProgressLine(decided: 12, given: 40, used: 10, elapsed: .milliseconds(4_250), pages: 7)
        line.pagesWritten = 1
        return line
    }

    @Test("Shorter wordings as the terminal narrows", arguments: [
        (120, "collage: [######--------------] page 1/7, 12/40 photos, 10 used, 4.2s, 9.9s left"),
        (70, "[###-------] 1/7 pages, 12/40 photos, 9.9s left"),
        (40, "1/7 pages, 12/40, 9.9s left"),
        (20, "12/40"),
    ])
    func wordings(width: Int, expected: String) {
        #expect(line.text(width: width) == expected)
    }

    @Test func noEstimateBeforeTheFirstPhotoIsDecided() throws {
        let start = ProgressLine(decided: 0, given: 40, used: 0, elapsed: .milliseconds(300), pages: 7)
        #expect(start.remaining == nil)
        #expect(start.text(width: 40) == "0/7 pages, 0/40, estimating")
        #expect(ProgressLine.format(try #require(line.remaining)) == "9.9s")
    }
}
