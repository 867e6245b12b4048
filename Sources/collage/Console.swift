internal import Foundation

/// One-line messages on stderr, prefixed like every Unix tool's.
enum Console {
    static func error(_ line: String) {
        FileHandle.standardError.write(Data("collage: \(line)\n".utf8))
    }
}
