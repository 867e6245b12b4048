public import ArgumentParser
public import CollageCanvas

// The style's choices among a few words: the parser lists them in `--help` and in the line that
// refuses any other word. Each takes the spellings its library parser takes (any case; `center`).

extension CropStrategy: ExpressibleByArgument {
    public init?(argument: String) {
        guard let crop = try? CropStrategy(parsing: argument) else { return nil }
        self = crop
    }
}

extension TileFit: ExpressibleByArgument {
    public init?(argument: String) {
        guard let fit = try? TileFit(parsing: argument) else { return nil }
        self = fit
    }
}

extension CaptionStyle.Position: ExpressibleByArgument {
    public init?(argument: String) {
        guard let position = try? CaptionStyle.Position(parsing: argument) else { return nil }
        self = position
    }
}

extension CaptionStyle.Alignment: ExpressibleByArgument {
    public init?(argument: String) {
        guard let alignment = try? CaptionStyle.Alignment(parsing: argument) else { return nil }
        self = alignment
    }
}

extension PaperOrientation: EnumerableFlag {
    public static func help(for value: PaperOrientation) -> ArgumentHelp? {
        switch value {
        case .portrait: "Lay the paper (--size) upright, taller than wide."
        case .landscape: "Lay the paper wider than tall. Without either, a paper named alone (A4) lies the way its grid fills more."
        }
    }
}
