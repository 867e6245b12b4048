internal import CollageCore
internal import CollageFiles
#if canImport(Glibc)
internal import Glibc
#endif

/// Whether collages can be written where the booth saves them: a file made and removed in the
/// output's folder (or in the nearest folder above it that exists, where the booth will make
/// it), and the room left there for a day's collages.
enum FolderRoom {
    /// A busy day: a strip a minute for eight hours.
    static let collagesADay = 500

    /// The output's folder, or the nearest one above it that exists (the booth makes the rest).
    private static func existingFolder(of output: PathName) -> String {
        var folder = PathParts(output).folder
        while !folder.isEmpty, !FileIdentity.exists(folder) { folder = PathParts(folder).folder }
        return folder.isEmpty ? "." : folder.description
    }

    /// Whether the output's own folder is there already.
    static func folderExists(of output: PathName) -> Bool {
        let folder = PathParts(output).folder
        return FileIdentity.exists(folder.isEmpty ? PathName(".") : folder)
    }

    static func writable(_ output: PathName) -> PreflightCheck {
        let shown = existingFolder(of: output)
        var template = Array((shown + "/.collage-check-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return PreflightCheck("output", .failed, "cannot write in \(shown): \(String(cString: strerror(errno)))") }
        close(descriptor)
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        return PreflightCheck("output", .ready, "\(shown) is writable")
    }

    /// - Parameter bytesEach: a collage's likely size on disk.
    static func room(_ output: PathName, bytesEach: Int) -> PreflightCheck {
        let shown = existingFolder(of: output)
        var system = statvfs()
        guard statvfs(shown, &system) == 0 else { return PreflightCheck("room", .warning, "cannot tell the room left in \(shown): \(String(cString: strerror(errno)))") }
        let free = Int(system.f_bavail) * Int(system.f_frsize)
        let needed = bytesEach * collagesADay
        let line = "\(megabytes(free)) free in \(shown); \(collagesADay) collages take about \(megabytes(needed))"
        if free < bytesEach * 2 { return PreflightCheck("room", .failed, line) }
        return PreflightCheck("room", free < needed ? .warning : .ready, line)
    }

    private static func megabytes(_ bytes: Int) -> String { "\(bytes >> 20) MiB" }
}
