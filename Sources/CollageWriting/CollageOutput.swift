public import CollageCore
internal import CollageFiles

/// Where `watch` writes: one path, or in photo-booth mode a numbered path per collage
/// (`collage.jpg` → `collage-0001.jpg`, `collage-0002.jpg`, …).
public struct CollageOutput: Sendable, Hashable {
    public let path: PathName
    public let numbered: Bool

    public init(path: PathName, numbered: Bool) {
        self.path = path
        self.numbered = numbered
    }

    public func path(forBatch batch: Int) -> PathName {
        guard numbered else { return path }
        let parts = PathParts(path)
        let (stem, suffix) = Self.split(parts.name)
        let number = String(batch)
        let digits = String(repeating: "0", count: max(0, 4 - number.count)) + number
        return parts.sibling(PathName(bytes: stem + Array("-\(digits)".utf8) + suffix))
    }

    /// How the numbered collages are named, for messages: `prints/booth-NNNN.jpg`.
    public var pattern: PathName {
        let parts = PathParts(path)
        let (stem, suffix) = Self.split(parts.name)
        return parts.sibling(PathName(bytes: stem + Array("-NNNN".utf8) + suffix))
    }

    /// Which names in `folder` are this output's own collages, which the watcher must not take
    /// as photos: none unless the output lies in that folder (however either path is spelt).
    public func ownNames(in folder: PathName) -> @Sendable (PathName) -> Bool {
        guard FileIdentity.same(folder, PathParts(path).folder) else { return { _ in false } }
        return { [self] name in writes(name: name) }
    }

    /// The highest collage number a booth continues after: far beyond any day's photos, and far
    /// enough below `Int.max` that no arithmetic on it can trap. A name or a journal with a higher
    /// number is ignored, never trusted.
    public static let maximumBatch = 999_999_999

    /// Whether a file name in the output's folder is one this output writes (or is named like
    /// one, whatever its number).
    public func writes(name: PathName) -> Bool {
        let own = PathParts(path).name
        guard numbered else { return name == own }
        return digits(of: name) != nil
    }

    /// The batch number a name in the output's folder carries (`collage-0012.jpg` → 12); nil
    /// for other names and for numbers past `maximumBatch`.
    public func batch(of name: PathName) -> Int? {
        guard let digits = digits(of: name), digits.count <= String(Self.maximumBatch).count,
              let number = Int(String(decoding: digits, as: UTF8.self)), number <= Self.maximumBatch else { return nil }
        return number
    }

    /// Whether a name is a numbered collage's whose number is past `maximumBatch`.
    public func isBeyondMaximum(_ name: PathName) -> Bool {
        digits(of: name) != nil && batch(of: name) == nil
    }

    /// The digits of a numbered collage's name: exactly what `path(forBatch:)` writes, four
    /// digits, or more without a leading zero. A camera's `booth-1.jpg` beside `booth.jpg` is a
    /// photo, not a collage of ours.
    private func digits(of name: PathName) -> ArraySlice<UInt8>? {
        let (stem, suffix) = Self.split(PathParts(path).name)
        let bytes = name.bytes
        let prefix = stem + [UInt8(ascii: "-")]
        guard bytes.count > prefix.count + suffix.count, bytes.starts(with: prefix), bytes.suffix(suffix.count).elementsEqual(suffix) else { return nil }
        let digits = bytes[prefix.count..<(bytes.count - suffix.count)]
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              digits.count == 4 || (digits.count > 4 && digits.first != UInt8(ascii: "0")) else { return nil }
        return digits
    }

    /// A name before and from its last dot: `collage` and `.jpg`.
    private static func split(_ name: PathName) -> (stem: [UInt8], suffix: [UInt8]) {
        let bytes = name.bytes
        let dot = bytes.lastIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
        return (Array(bytes[..<dot]), Array(bytes[dot...]))
    }
}
