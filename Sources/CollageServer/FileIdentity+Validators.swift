internal import CollageFiles

/// A saved collage's validators, from the identity of the file opened: a file the booth saved
/// is served only while the file opened under its name is still this one (a hard link or a copy
/// planted under the name is another inode, a file rewritten in place another size or time, and
/// an atomic rename, the next save, a new inode).
extension FileIdentity {
    /// A strong `ETag`: every save, and every change to the file, is a new tag.
    var etag: String { "\"" + version + "\"" }

    /// The file's version in a page's picture URL (`?v=`): a collage saved again under its name,
    /// in this run or the next, is a new URL, never a copy a browser kept of the one before.
    var version: String {
        [device, inode, UInt64(size), UInt64(bitPattern: modified)].map { String($0, radix: 16) }.joined(separator: "-")
    }

    /// Whole seconds, for `Last-Modified`.
    var modifiedSeconds: Int { Int(modified / 1_000_000_000) }
}
