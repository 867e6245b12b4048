internal import ArgumentParser
internal import CollageCanvas
internal import CollageCore

/// The options that make a collage's size and style: `LayoutOptions` alone (`inspect`), or
/// `LookOptions` with its colours, font and files (`build`, `watch`).
protocol CollageLook {
    func printSize() throws(StyleError) -> PrintSize
    func style() throws(StyleError) -> CollageStyle
    /// `--size` as given, and `--portrait` or `--landscape`.
    var requestedSize: RequestedSize { get }
    var orientation: PaperOrientation? { get }
}

extension CollageLook {
    /// The size, the style and the photos a collage takes, checked together: a length in mm
    /// without a resolution, or gaps and margins that leave a tile no room, is a usage error (64)
    /// naming the value; each value alone was checked by the parser. A paper named alone lies
    /// the way in which a full collage's photos (`--accept`'s shape), shown whole, cover more of
    /// it (`PaperOrientation.suited`); `turned` when that is not the way it is named (upright).
    func checked(rules: RuleOptions) throws -> (size: PrintSize, style: CollageStyle, limit: Int, turned: String?) {
        do {
            var size = try printSize()
            let style = try style(), limit = rules.limit(for: style)
            let shape = rules.accept == .portrait ? 2.0 / 3 : 1.5
            let turnable = requestedSize.turnable && orientation == nil
            let suited = turnable ? PaperOrientation.suited(canvas: size.pixels, style: style, count: limit, photoShape: shape) : nil
            if let suited { size = size.laid(suited) }
            try style.validate(canvas: size.pixels, limit: limit)
            return (size, style, limit, suited == .landscape ? requestedSize.text : nil)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
