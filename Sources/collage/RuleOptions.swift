public import ArgumentParser
internal import CollageCanvas
public import CollageCore

/// The app's rules, as options with the app's defaults.
struct RuleOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("How many photos a collage takes: the book's takeWhile (default: 6, or the cells of a fixed --grid).", valueName: "N"))
    var limit: Int?

    @Option(help: "Which photos are taken by shape, as displayed (after EXIF orientation).")
    var accept = AcceptedShape.landscape

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "How far a photo may differ from one already taken and still be skipped as its copy: luma levels, 0 to 255, by which the most-changed patch differs (0: identical pictures only).",
        valueName: "levels"))
    var similarity = Thumbnail.samePhotoThreshold

    func validate() throws {
        if let limit, !(1...CollageLayout.maximumLimit).contains(limit) {
            throw ValidationError("--limit must be from 1 to \(CollageLayout.maximumLimit).")
        }
        guard Thumbnail.scale.contains(similarity) else {
            throw ValidationError("--similarity must be from 0 to 255 (luma levels; 0 skips identical pictures only).")
        }
    }

    /// `--limit`, else the grid's own limit.
    func limit(for style: CollageStyle) -> Int { limit ?? style.defaultLimit }
}

extension AcceptedShape: ExpressibleByArgument {}
