public import ArgumentParser
public import CollageCore

/// The app's rules, as options with the app's defaults.
struct RuleOptions: ParsableArguments {
    @Option(help: "How many photos a collage takes: the book's takeWhile.")
    var limit = CollageLayout.maximumPhotos

    @Option(help: "Which photos are taken by shape, as displayed (after EXIF orientation).")
    var accept = AcceptedShape.landscape

    func validate() throws {
        guard (1...CollageLayout.maximumLimit).contains(limit) else {
            throw ValidationError("--limit must be from 1 to \(CollageLayout.maximumLimit).")
        }
    }
}

extension AcceptedShape: ExpressibleByArgument {}
