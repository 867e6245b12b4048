import CollageCanvas
import CollageImaging
import PropertyBased
import Testing

/// A label's fit over generated names, strips and placeholders, against a search that tries
/// every size and every count one by one: the bisection keeps exactly as much, at exactly the
/// size, in a bounded number of measurements. A search that went wrong (its midpoint rounded
/// down) spun at 100 % CPU on most long names, where SIGTERM does not reach: here the
/// measurements are counted, and one past the bound fails the case instead of hanging it.
@Suite("Tile labels: the fit of any name in any strip, in a bounded number of measurements")
struct TileLabelFitPropertyTests {
    /// A proportional stand-in for the text stack: each character its own width (a quarter to
    /// nine tenths of an em, by its code), "…" a whole em; fewer characters are never wider.
    static func measure(_ text: String, _ pixels: Int) -> LineExtent {
        let ems = text.unicodeScalars.reduce(0.0) { width, scalar in
            width + (scalar == "…" ? 1 : [0.25, 0.5, 0.6, 0.9][Int(scalar.value % 4)])
        }
        return LineExtent(width: ems * Double(pixels), ascent: Double(pixels) * 0.8, descent: Double(pixels) * 0.2)
    }

    static func fits(_ text: String, _ pixels: Int, in strip: PixelSize) -> Bool {
        CaptionLayout.fits([measure(text, pixels)], in: strip)
    }

    static func elided(_ characters: [Character], keeping: Int) -> String {
        let head = (keeping + 1) / 2
        return String(characters.prefix(head)) + TileLabel.ellipsis + String(characters.suffix(keeping - head))
    }

    /// What `fit` promises, found the slow way: every size from the strip's height down, then
    /// every count of the name's characters, then of the line's.
    static func oneByOne(_ line: LabelLine, in strip: PixelSize) -> (text: String, pixels: Int) {
        let floor = min(strip.height, max(1, Int((Double(strip.height) * TileLabel.minimumFraction).rounded(.down))))
        let largest = (1...max(1, strip.height)).reversed().first { fits(line.text, $0, in: strip) } ?? 1
        if largest >= floor, fits(line.text, largest, in: strip) { return (line.text, largest) }
        let stem = Array(line.stem)
        if let kept = (0..<stem.count).reversed().first(where: { fits(line.head + elided(stem, keeping: $0) + line.tail, floor, in: strip) }) {
            return (line.head + elided(stem, keeping: kept) + line.tail, floor)
        }
        let characters = Array(line.text)
        if let kept = (0..<characters.count).reversed().first(where: { fits(elided(characters, keeping: $0), floor, in: strip) }) {
            return (elided(characters, keeping: kept), floor)
        }
        return (TileLabel.ellipsis, floor)
    }

    /// Steps a bisection over `count` numbers may take: the bits of `count - 1`.
    static func steps(_ count: Int) -> Int { count <= 1 ? 0 : Int.bitWidth - (count - 1).leadingZeroBitCount }

    /// The measurements `fit` may make: the size's search and its check, then the name's search
    /// and the line's, each with its first test of 0 characters.
    static func bound(_ line: LabelLine, in strip: PixelSize) -> Int {
        steps(strip.height) + 1 + (1 + steps(line.stem.count)) + (1 + steps(line.text.count))
    }

    struct TooManyMeasurements: Error {}

    @Test func anyNameInAnyStripKeepsWhatOneByOneKeepsWithinTheBound() async {
        let text = Gen.character(in: "!"..."~")
        await propertyCheck(count: 400, input: text.string(of: 0...8), text.string(of: 0...300), text.string(of: 0...30),
                            Gen.int(in: 1...600), Gen.int(in: 1...80)) { head, stem, tail, width, height in
            let line = LabelLine(head: head, stem: stem, tail: tail), strip = PixelSize(width: width, height: height)
            let bound = Self.bound(line, in: strip)
            var measured = 0
            do {
                let fitted = try TileLabel.fit(line, in: strip) { text, pixels in
                    measured += 1
                    guard measured <= bound else { throw TooManyMeasurements() }
                    return Self.measure(text, pixels)
                }
                let expected = Self.oneByOne(line, in: strip)
                #expect(fitted.text == expected.text && fitted.pixels == expected.pixels,
                        "\(line) in \(width)x\(height): \(fitted), one by one \(expected)")
            } catch {
                Issue.record("\(line) in \(width)x\(height): more than \(bound) measurements")
            }
        }
    }

    /// The search alone, over any range and any threshold: the largest number that passes, in
    /// at most one step per bit of the range.
    @Test func aBisectionFindsTheLargestThatPassesInOneStepPerBit() async {
        await propertyCheck(count: 1000, input: Gen.int(in: -1000...1000), Gen.int(in: 0...5000), Gen.int(in: 0...5000)) { low, span, above in
            let high = low + span, threshold = low + min(above, span)
            var tested = 0
            let found = Bisection.largest(from: low, to: high) { number in
                tested += 1
                return number <= threshold
            }
            #expect(found == threshold, "\(low)...\(high), passing up to \(threshold): \(found)")
            #expect(tested <= Self.steps(span + 1), "\(low)...\(high): \(tested) tests")
        }
        // A range as wide as a search of lengths will ever be: 63 steps, and its top.
        var tested = 0
        #expect(Bisection.largest(from: 0, to: 1 << 62) { _ in tested += 1; return true } == 1 << 62)
        #expect(tested == 63)
    }
}
