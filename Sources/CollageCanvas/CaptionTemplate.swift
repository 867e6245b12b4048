public import CollageCore
public import CollageImaging
/// One line of a caption as given, with its placeholders parsed: `{date}` and `{time}` (the first
/// photo's EXIF date) and `{today}` (the day the collage is saved: a camera's clock may never
/// have been set) with an optional `strftime` format (`{date:%d.%m.%Y}`), `{n}` the collage's number in a photo booth
/// with an optional zero-padded width (`{n:04}`), `{photos}` its photo count, `{{` and `}}` for
/// braces. A tile's label (`--label`, `TileLabel`) also knows `{name}`, the photo's file name,
/// and `{size}`, its size as displayed (`4032x3024`); there `{n}` is the photo's number in the
/// run and `{date}` its own. Parsing refuses what it does not know, so a typo fails before the
/// first photo.
public struct CaptionTemplate: Hashable, Sendable {
    public enum Piece: Hashable, Sendable {
        case text(String)
        case date(format: String)
        case time(format: String)
        /// When the collage is saved, in the booth's time zone.
        case today(format: String)
        case number(width: Int)
        case photos
        /// Labels only: the photo's file name and its size as displayed.
        case name
        case size
    }

    public let source: String
    public let pieces: [Piece]

    public static let defaultDateFormat = "%Y-%m-%d"
    public static let defaultTimeFormat = "%H:%M"

    /// `forLabel` also allows a label's `{name}` and `{size}`.
    public init(parsing source: String, forLabel: Bool = false) throws(CaptionError) {
        self.source = source
        var pieces: [Piece] = []
        var text = ""
        var index = source.startIndex
        while index < source.endIndex {
            let character = source[index]
            let next = source.index(after: index)
            if character == "}" {
                guard next < source.endIndex, source[next] == "}" else { throw .strayClosingBrace(in: source) }
                text.append("}")
                index = source.index(after: next)
                continue
            }
            guard character == "{" else {
                // montage's `-label '%f'`: an escape this text would print as it stands.
                if forLabel, character == "%", next < source.endIndex, source[next].isASCII, source[next].isLetter {
                    throw .montageEscape("%" + String(source[next]), in: source)
                }
                text.append(character)
                index = next
                continue
            }
            if next < source.endIndex, source[next] == "{" {
                text.append("{")
                index = source.index(after: next)
                continue
            }
            guard let close = source[next...].firstIndex(of: "}") else { throw .unclosedBrace(in: source) }
            if !text.isEmpty { pieces.append(.text(text)) }
            text = ""
            pieces.append(try Self.placeholder(String(source[next..<close]), in: source, forLabel: forLabel))
            index = source.index(after: close)
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }

    private static func placeholder(_ body: String, in source: String, forLabel: Bool) throws(CaptionError) -> Piece {
        let name: String, format: String?
        if let colon = body.firstIndex(of: ":") {
            name = String(body[..<colon])
            format = String(body[body.index(after: colon)...])
        } else {
            (name, format) = (body, nil)
        }
        switch name {
        case "date", "time", "today":
            let pattern = format ?? (name == "time" ? defaultTimeFormat : defaultDateFormat)
            if let bad = DateFields.unsupportedConversion(in: pattern) {
                throw .badFormat(pattern, placeholder: name, reason: "\(bad) is not one of %" + DateFields.conversions.sorted().map(String.init).joined(separator: " %"))
            }
            switch name {
            case "date": return .date(format: pattern)
            case "time": return .time(format: pattern)
            default: return .today(format: pattern)
            }
        case "n":
            guard let format else { return .number(width: 0) }
            guard format.count <= 2, format.allSatisfy(\.isASCIIDigit), let width = Int(format) else {
                throw .badFormat(format, placeholder: name, reason: "use a width of digits, such as {n:04}")
            }
            return .number(width: width)
        case "photos":
            guard format == nil else { throw .badFormat(format ?? "", placeholder: name, reason: "{photos} takes no format") }
            return .photos
        case "name" where forLabel, "size" where forLabel:
            guard format == nil else { throw .badFormat(format ?? "", placeholder: name, reason: "{\(name)} takes no format") }
            return name == "name" ? .name : .size
        default:
            throw forLabel ? .unknownLabelPlaceholder(body, in: source) : .unknownPlaceholder(body, in: source)
        }
    }

    /// The line with its placeholders filled in.
    public func text(with values: CaptionValues) -> String {
        pieces.map { Self.filled($0, with: values) }.joined()
    }

    /// A label filled in, split around its first `{name}` (`LabelLine`): the file name's middle
    /// is what a long label loses. Spaces left at either end by a date left out are dropped.
    public func line(with values: CaptionValues) -> LabelLine {
        guard let at = pieces.firstIndex(of: .name) else {
            return LabelLine(stem: text(with: values).trimmingSpaces())
        }
        let (stem, ext) = LabelLine.stemAndExtension(of: values.name)
        let head = pieces[..<at].map { Self.filled($0, with: values) }.joined()
        let tail = pieces[(at + 1)...].map { Self.filled($0, with: values) }.joined()
        return LabelLine(head: String(head.drop { $0 == " " }), stem: stem,
                         tail: String((ext + tail).reversed().drop { $0 == " " }.reversed()))
    }

    private static func filled(_ piece: Piece, with values: CaptionValues) -> String {
        switch piece {
        case .text(let text): return text
        // A label's photo without a date of its own leaves it out: never the day of the run.
        // A caption is a line, not a column: `%e` without strftime's padding (one space, never two).
        case .date(let format), .time(let format): return values.date?.format(format, padsDay: false) ?? ""
        case .today(let format): return values.today.format(format, padsDay: false)
        case .number(let width):
            let digits = "\(values.number)"
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        case .photos: return "\(values.photos)"
        case .name: return values.name
        case .size: return values.size.map { "\($0.width)x\($0.height)" } ?? ""
        }
    }
}

extension String {
    /// Without spaces at either end.
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

/// What a caption's placeholders stand for in one collage.
public struct CaptionValues: Hashable, Sendable {
    /// The first photo's EXIF `DateTimeOriginal`, or else when the collage is saved; a label's
    /// photo's own, nil when it has none (its `{date}` is then left out).
    public var date: DateFields?
    /// When the collage is saved, local time: `{today}`.
    public var today: DateFields
    /// The collage's number in a photo booth (`--batches`); 1 otherwise.
    public var number: Int
    public var photos: Int
    /// A label's photo: its file name and its size as displayed.
    public var name: String
    public var size: PixelSize?

    /// `today`: when the collage is saved.
    public init(date: DateFields?, today: DateFields, number: Int, photos: Int, name: String = "", size: PixelSize? = nil) {
        self.date = date
        self.today = today
        self.number = number
        self.photos = photos
        self.name = name
        self.size = size
    }
}
