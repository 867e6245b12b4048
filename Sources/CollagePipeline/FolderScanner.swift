#if canImport(Glibc)
internal import Glibc
#endif

/// Decides which names in a watched folder are photos to offer, each once: the rules of the
/// folder source, apart from inotify, so they can be tested on a real folder directly.
struct FolderScanner {
    let folder: String
    /// Names to pass over silently besides hidden and temporary ones: the tool's own output.
    let isOwnOutput: @Sendable (String) -> Bool
    private(set) var seen: Set<String> = []

    init(folder: String, isOwnOutput: @escaping @Sendable (String) -> Bool = { _ in false }) {
        self.folder = folder
        self.isOwnOutput = isOwnOutput
    }

    /// Hidden files and the names downloaders and editors use while writing.
    static func isHiddenOrTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix(".part") || name.hasSuffix(".tmp") || name.hasSuffix("~")
    }

    func path(of name: String) -> String { folder.hasSuffix("/") ? folder + name : "\(folder)/\(name)" }

    /// Every name in the folder not offered yet, oldest modification first, then by name: the
    /// order a restart reproduces. Also the rescan after an inotify queue overflow.
    mutating func scan(log: (String) -> Void) -> [PhotoFile] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var entries: [(modified: timespec, name: String)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != "..", !ignores(name), !seen.contains(name) else { continue }
            var info = stat()
            if stat(path(of: name), &info) != 0 && lstat(path(of: name), &info) != 0 { continue }
            entries.append((info.st_mtim, name))
        }
        entries.sort { a, b in
            (a.modified.tv_sec, a.modified.tv_nsec, a.name) < (b.modified.tv_sec, b.modified.tv_nsec, b.name)
        }
        return entries.compactMap { consider($0.name, log: log) }
    }

    /// The photo file `name` names, if it is one not offered before; anything else is passed
    /// over, with a line when the user would want to know.
    mutating func consider(_ name: String, log: (String) -> Void) -> PhotoFile? {
        guard !ignores(name), !seen.contains(name) else { return nil }
        let path = path(of: name)
        var info = stat()
        guard lstat(path, &info) == 0 else {
            log(errno == ENOENT ? "\(path): deleted before it could be read" : "\(path): \(String(cString: strerror(errno)))")
            return nil
        }
        if info.st_mode & S_IFMT == S_IFLNK {
            guard stat(path, &info) == 0 else {
                seen.insert(name)
                log(errno == ELOOP ? "\(path): symbolic link loop, skipped" : "\(path): broken symbolic link, skipped")
                return nil
            }
        }
        seen.insert(name)
        switch info.st_mode & S_IFMT {
        case S_IFREG: return PhotoFile(path: path)
        case S_IFDIR: log("\(path): a directory, skipped")
        default: log("\(path): not a regular file, skipped")
        }
        return nil
    }

    private func ignores(_ name: String) -> Bool {
        Self.isHiddenOrTemporary(name) || isOwnOutput(name)
    }
}
