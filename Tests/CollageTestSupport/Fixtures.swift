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
}
