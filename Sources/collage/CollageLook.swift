internal import ArgumentParser
internal import CollageCanvas

/// The options that make a collage's size and style: `LayoutOptions` alone (`inspect`), or
/// `LookOptions` with its colours, font and files (`build`, `watch`).
protocol CollageLook {
    func printSize() throws(StyleError) -> PrintSize
    func style() throws(StyleError) -> CollageStyle
}

extension CollageLook {
    /// The size, the style and the photos a collage takes, checked together: a length in mm
    /// without a resolution, or gaps and margins that leave a tile no room, is a usage error (64)
    /// naming the value; each value alone was checked by the parser.
    func checked(rules: RuleOptions) throws -> (size: PrintSize, style: CollageStyle, limit: Int) {
        do {
            let size = try printSize(), style = try style(), limit = rules.limit(for: style)
            try style.validate(canvas: size.pixels, limit: limit)
            return (size, style, limit)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
