public import CollageCore
public import CollageFiles
#if canImport(Glibc)
internal import Glibc
#endif

/// The folder a collage is written into, created as `mkdir -p` would when it is missing: `-o
/// prints/booth.jpg` in a fresh folder works for `build` and both `watch` modes alike, with a
/// line naming what was created, instead of failing on a file the user never heard of (the
/// booth's lock, a temporary file).
public enum OutputFolder {
    /// Creates the folders missing on the way to `output`'s folder, outermost first; returns that
    /// folder when it was created (for the line), nil when it was there.
    public static func create(for output: PathName) throws(FileError) -> PathName? {
        var missing: [PathName] = []
        var folder = PathParts(output).folder
        while !exists(folder) {
            missing.append(folder)
            let parent = PathParts(folder).folder
            if parent == folder || parent.bytes.isEmpty { break }
            folder = parent
        }
        for folder in missing.reversed() {
            // Another process may create it in between: that is what was wanted.
            guard folder.withCString({ mkdir($0, 0o777) }) == 0 || errno == EEXIST else {
                throw systemError(folder, "create the folder")
            }
        }
        return missing.first
    }

    /// The line that says a folder was created.
    public static func created(_ folder: PathName) -> String { "created the folder \(folder) for the output" }

    /// Whether something is at `path` (a folder, or what `mkdir` will then refuse by name).
    private static func exists(_ path: PathName) -> Bool {
        var info = stat()
        return path.withCString { lstat($0, &info) } == 0
    }
}
