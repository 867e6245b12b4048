internal import CollageCodecs
internal import CollageCore
internal import CollageImaging
internal import CollageTerminal

/// The shapes every JSON report shares, so that a path or a size reads the same everywhere.
enum JSONFields {
    /// `"<key>": "name"`, and for a name that is not UTF-8, the escaped text plus
    /// `"<key>Bytes": "<base64>"` with the exact bytes: lossless, and `.path` is always a string.
    static func path(_ key: String, _ name: PathName) -> [(String, JSONValue)] {
        if let text = name.text { return [(key, .string(text))] }
        return [(key, .string(name.description)), (key + "Bytes", .string(String(decoding: Base64.encode(name.bytes), as: UTF8.self)))]
    }

    /// The same, or `"<key>": null` when there is no name (a collage written to stdout).
    static func path(_ key: String, orNull name: PathName?) -> [(String, JSONValue)] {
        name.map { path(key, $0) } ?? [(key, .null)]
    }

    /// `"jpeg"` or `"png"`: the lower-case names the schemas list.
    static func format(_ format: ImageFormat) -> JSONValue {
        .string(format.rawValue.lowercased())
    }

    static func size(_ size: PixelSize) -> [(String, JSONValue)] {
        [("width", .int(size.width)), ("height", .int(size.height))]
    }

    /// A canvas: its size, the way it lies, and whether a paper named alone (`A4`) was turned
    /// from upright to suit the grid.
    static func canvas(_ size: PixelSize, turned: Bool) -> JSONValue {
        let orientation = size.width == size.height ? "square" : size.width > size.height ? "landscape" : "portrait"
        return .object(self.size(size) + [("orientation", .string(orientation)), ("turned", .bool(turned))])
    }

    static func rect(_ rect: PixelRect) -> JSONValue {
        .object([("x", .int(rect.x)), ("y", .int(rect.y)), ("width", .int(rect.width)), ("height", .int(rect.height))])
    }

    /// A rejection as every report shows it: the stable `reason` code, the human `detail`, and
    /// the `collage` that already holds the photo. The original of a copy is each report's own.
    static func rejection(_ rejection: Rejection) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = [("reason", .string(rejection.code)), ("detail", .string(rejection.description))]
        if case .alreadyUsed(let collage) = rejection { fields += path("collage", collage) }
        return fields
    }

    /// `duplicateOf` for a copy, nothing otherwise: where build and watch name the original.
    static func duplicateOf(_ rejection: Rejection) -> [(String, JSONValue)] {
        switch rejection {
        case .duplicate(let original), .replacedBy(let original): return path("duplicateOf", original)
        default: return []
        }
    }

    static func decoding(_ details: DecodeDetails) -> JSONValue {
        .object([
            ("format", .string(details.format)),
            ("storedWidth", .int(details.storedSize.width)), ("storedHeight", .int(details.storedSize.height)),
            ("orientation", .int(details.orientation.rawValue)),
            ("scale", .string("1/\(details.scale)")),
            ("decodeSeconds", .seconds(details.decodeTime)), ("resampleSeconds", .seconds(details.resampleTime)),
        ] + color(details.color))
    }

    /// `profile` (its name, or null: sRGB), `profileIgnored` (why it was not applied, or null),
    /// `colorSeconds` (the conversion's time; null when none ran or the decoder converted).
    static func color(_ color: ColorManagement) -> [(String, JSONValue)] {
        let profile: [(String, JSONValue)] = [("profile", color.profile.map { .string($0) } ?? .null)]
        switch color {
        case .none:
            return profile + [("profileIgnored", .null), ("colorSeconds", .null)]
        case .converted(_, let time):
            return profile + [("profileIgnored", .null), ("colorSeconds", time.map { .seconds($0) } ?? .null)]
        case .ignored(_, let reason):
            return profile + [("profileIgnored", .string(reason)), ("colorSeconds", .null)]
        }
    }
}
