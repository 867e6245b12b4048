internal import CollagePipeline
internal import Foundation

/// One-line messages on stderr, prefixed like every Unix tool's.
enum Console {
    static func error(_ line: String) {
        FileHandle.standardError.write(Data("collage: \(line)\n".utf8))
    }
}

extension Console {
    /// The watch log: one line per photo decided, the app's title after every change, and
    /// one line per collage written.
    static func report(_ event: PipelineEvent) {
        error(event.description)
        if case .added(_, let count) = event { error(statusLine(photos: count)) }
    }
}
