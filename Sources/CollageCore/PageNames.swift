/// The files `build --pages` writes: `-o album.jpg` gives `album-0001.jpg`, `album-0002.jpg`, …
/// The number goes before the extension of the file's name (a dot in a folder's name is not an
/// extension), zero-padded to the digits of the most pages the run can make, at least four, so
/// the pages sort in order by name and every page of a run has a name of the same length.
public struct PageNames: Hashable, Sendable {
    public let output: PathName
    public let digits: Int

    public static let minimumDigits = 4

    /// Names for at most `pages` pages.
    public init(output: PathName, pages: Int) {
        self.output = output
        digits = max(Self.minimumDigits, String(max(1, pages)).count)
    }

    /// The pages `photos` files can make at most, `perPage` on each: every file usable.
    public static func mostPages(photos: Int, perPage: Int) -> Int {
        max(1, (photos + max(1, perPage) - 1) / max(1, perPage))
    }

    /// Page `number`'s file (from 1).
    public func path(page number: Int) -> PathName {
        let text = String(number)
        let suffix = Array(("-" + String(repeating: "0", count: max(0, digits - text.count)) + text).utf8)
        let bytes = output.bytes
        let nameStart = (bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 }) ?? 0
        // The last dot of the name, unless the name starts with it (".jpg" alone has no extension).
        guard let dot = bytes[nameStart...].lastIndex(of: UInt8(ascii: ".")), dot > nameStart else {
            return PathName(bytes: bytes + suffix)
        }
        return PathName(bytes: bytes[..<dot] + suffix + bytes[dot...])
    }

    /// Whether `path`'s name is numbered as a page's (or a booth's collage) is: `NAME-0001.ext`,
    /// four digits or more before the extension. Only such a file is looked at for a collage's
    /// mark among a run's photos: reading every photo whole for it would double the reading.
    public static func isNumbered(_ path: PathName) -> Bool {
        let bytes = path.bytes
        let nameStart = (bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 }) ?? 0
        let end = bytes[nameStart...].lastIndex(of: UInt8(ascii: ".")).flatMap { $0 > nameStart ? $0 : nil } ?? bytes.endIndex
        var index = end
        while index > nameStart, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index - 1]) { index -= 1 }
        return end - index >= minimumDigits && index - 1 > nameStart && bytes[index - 1] == UInt8(ascii: "-")
    }
}
