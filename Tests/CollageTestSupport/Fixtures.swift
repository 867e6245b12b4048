internal import Foundation

/// Paths to the bundled fixtures, found from this file's location, never the working directory.
public enum Fixtures {
    public static let directory: String = {
        var path = "\(#filePath)"
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path + "/Fixtures"
    }()

    public static func path(_ name: String) -> String { "\(directory)/\(name)" }

    /// Seven distinct landscape photos.
    public static let landscapes = ["autumn.jpg", "bythewater.jpg", "coldripple.jpg", "eveningglow.jpg", "fallenleaf.jpg", "kite.jpg", "path.jpg"]

    /// A fixture's bytes.
    public static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }

    /// Copies a fixture to `destination`, a file's path.
    public static func copy(_ name: String, to destination: String) throws {
        try FileManager.default.copyItem(atPath: path(name), toPath: destination)
    }
}
