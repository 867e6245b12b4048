public import CollageCore
#if canImport(Glibc)
internal import Glibc
#endif

/// The names in a folder, as bytes, with the rules every folder source shares: hidden files and
/// the names downloaders and editors use while writing are not photos.
public enum DirectoryListing {
    /// Every name in `folder` but `.` and `..`, in no particular order.
    public static func names(in folder: PathName) throws(FileError) -> [PathName] {
        guard let directory = folder.withCString({ opendir($0) }) else { throw systemError(folder, "list") }
        defer { closedir(directory) }
        var names: [PathName] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw systemError(folder, "list") }
                return names
            }
            // The name in place, up to its NUL: the kernel's record ends there, and reading the
            // whole 256-byte `d_name` (a copy of the field) runs past the last record's buffer.
            let start = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
            let name = PathName(bytes: UnsafeRawBufferPointer(start: start, count: strlen(start.assumingMemoryBound(to: CChar.self))))
            if name != "." && name != ".." { names.append(name) }
        }
    }

    /// Hidden files, and the names of files still being written: `.name`, `*.part`, `*.tmp`, `*~`.
    public static func isHiddenOrTemporary(_ name: PathName) -> Bool {
        name.hasPrefix(".") || name.hasSuffix(".part") || name.hasSuffix(".tmp") || name.hasSuffix("~")
    }
}
