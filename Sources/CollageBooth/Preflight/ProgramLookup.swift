internal import CollageCore
internal import CollageFiles
#if canImport(Glibc)
internal import Glibc
#endif

/// Where a program named by the print command would be found: as `posix_spawnp` looks, on
/// `PATH` unless the name holds a slash; nil when no executable file is there.
enum ProgramLookup {
    static func find(_ name: String, path: String? = getenv("PATH").map { String(cString: $0) }) -> String? {
        if name.contains("/") { return isExecutableFile(name) ? name : nil }
        let folders = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false)
        return folders.lazy.map { folder in (folder.isEmpty ? "." : String(folder)) + "/" + name }.first(where: isExecutableFile)
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        FileIdentity.exists(PathName(path)) && FileKind.ofPath(PathName(path)) == nil && access(path, X_OK) == 0
    }
}
