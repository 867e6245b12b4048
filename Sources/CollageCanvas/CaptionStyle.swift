public import CollageImaging

/// A caption's lines and how they are set: the band they take at the top or bottom of the
/// collage (an eighth of its height by default, pibooth's footer), the font (a fontconfig name
/// or a file), a forced size or the largest that fits, the alignment and the colour.
public struct CaptionStyle: Hashable, Sendable {
    public enum Position: String, Hashable, Sendable, CaseIterable {
        case bottom, top

        public init(parsing text: String) throws(CaptionError) {
            guard let position = Position(rawValue: text.lowercased()) else { throw .badPosition(text) }
            self = position
        }
    }

    public enum Alignment: String, Hashable, Sendable, CaseIterable {
        case left, centre, right

        /// `centre`, or the American `center`.
        public init(parsing text: String) throws(CaptionError) {
            let lowered = text.lowercased()
            guard let alignment = lowered == "center" ? .centre : Alignment(rawValue: lowered) else { throw .badAlignment(text) }
            self = alignment
        }
    }

    /// The default band: an eighth of the canvas's height.
    public static let defaultBandFraction = 0.125
    /// What `--font` defaults to: DejaVu Sans, from `fonts-dejavu-core`.
    public static let defaultFont = "DejaVu Sans"

    public var lines: [CaptionTemplate]
    public var position: Position
    /// The band's height as a fraction of the canvas's.
    public var bandFraction: Double
    public var alignment: Alignment
    public var colour: RGB
    /// Pixels per em; nil fits the largest size whose lines fit the band.
    public var size: Int?
    /// A fontconfig pattern (`DejaVu Sans:bold`) or, when it names a file, that file.
    public var font: String

    public init(lines: [CaptionTemplate], position: Position = .bottom, bandFraction: Double = defaultBandFraction,
                alignment: Alignment = .centre, colour: RGB = .black, size: Int? = nil, font: String = defaultFont) {
        self.lines = lines
        self.position = position
        self.bandFraction = bandFraction
        self.alignment = alignment
        self.colour = colour
        self.size = size
        self.font = font
    }
}
