#if canImport(Glibc)
internal import Glibc
#endif

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

    /// Which names in `folder` are this output's own collages, which the watcher must not take
    /// as photos: none unless the output lies in that folder (however either path is spelt).
    public func ownNames(in folder: String) -> @Sendable (String) -> Bool {
        guard Self.sameFolder(folder, PathParts(path).folder) else { return { _ in false } }
        return { [self] name in writes(name: name) }
    }

    /// Whether a file name in the output's folder is one this output writes.
    public func writes(name: String) -> Bool {
        let own = PathParts(path).name
        guard numbered else { return name == own }
        let dot = own.lastIndex(of: ".") ?? own.endIndex
        let (stem, suffix) = (own[..<dot] + "-", own[dot...])
        guard name.hasPrefix(stem), name.hasSuffix(suffix), name.count > stem.count + suffix.count else { return false }
        return name.dropFirst(stem.count).dropLast(suffix.count).allSatisfy(\.isNumber)
    }

    private static func sameFolder(_ a: String, _ b: String) -> Bool {
        guard let x = realpath(a, nil) else { return false }
        defer { free(x) }
        guard let y = realpath(b, nil) else { return false }
        defer { free(y) }
        return strcmp(x, y) == 0
    }
}
