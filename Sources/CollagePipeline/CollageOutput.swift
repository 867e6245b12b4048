/// Where `watch` writes: one path, or in photo-booth mode a numbered path per collage
/// (`collage.jpg` → `collage-0001.jpg`, `collage-0002.jpg`, …).
public struct CollageOutput: Sendable, Hashable {
    public let path: String
    public let numbered: Bool

    public init(path: String, numbered: Bool) {
        self.path = path
        self.numbered = numbered
    }

    public func path(forBatch batch: Int) -> String {
        guard numbered else { return path }
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let dot = path[slash...].lastIndex(of: ".") ?? path.endIndex
        let number = String(batch)
        return path[..<dot] + "-" + String(repeating: "0", count: max(0, 4 - number.count)) + number + path[dot...]
    }

    /// Whether a file name in the output's folder is one this output writes: the watcher must
    /// not take its own collages as photos.
    public func writes(name: String) -> Bool {
        let own = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        guard numbered else { return name == own }
        let dot = own.lastIndex(of: ".") ?? own.endIndex
        let (stem, suffix) = (own[..<dot] + "-", own[dot...])
        guard name.hasPrefix(stem), name.hasSuffix(suffix), name.count > stem.count + suffix.count else { return false }
        return name.dropFirst(stem.count).dropLast(suffix.count).allSatisfy(\.isNumber)
    }
}
