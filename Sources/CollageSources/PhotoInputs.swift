public import CollageCore
#if canImport(Glibc)
internal import Glibc
public import CollageFiles
#endif

/// The photos a command line names: files, `-` for a list of names on standard input, and
/// folders, which stand for the photos directly inside them in byte order (all the way down
/// with `recursive`). Names stay bytes from start to end.
public struct PhotoInputs: Sendable {
    /// How names are separated in a list on standard input.
    public enum Separator: Sendable {
        /// One name per line (`ls`, `find -print`).
        case newline
        /// NUL after each name (`find -print0`): the only separator no name can contain.
        case nul
    }

    /// One input: a file to offer the pipeline, or a name already known to be unusable.
    public enum Item: Sendable, Equatable {
        case file(PhotoFile)
        case unusable(PhotoFile, Rejection)

        /// The file named, usable or not.
        public var file: PhotoFile {
            switch self {
            case .file(let file), .unusable(let file, _): return file
            }
        }
    }

    public var separator: Separator
    public var recursive: Bool
    /// Files a folder listing leaves out: the collage being written, if it lies there.
    public var excluded: @Sendable (PathName) -> Bool

    public init(separator: Separator = .newline, recursive: Bool = false, excluded: @escaping @Sendable (PathName) -> Bool = { _ in false }) {
        self.separator = separator
        self.recursive = recursive
        self.excluded = excluded
    }

    /// The inputs in order. `standardInput` is read once, at the first `-`.
    public func resolve(_ arguments: [PathName], standardInput: () throws(FileError) -> [UInt8] = StandardInput.readAll) -> [Item] {
        var items: [Item] = []
        var listed = false
        for argument in arguments {
            if argument == "-" {
                guard !listed else { continue }
                listed = true
                do {
                    items += names(in: try standardInput()).map { .file(PhotoFile(path: $0)) }
                } catch {
                    items.append(.unusable(PhotoFile(path: "-"), .unusable(.unreadable, detail: "cannot read the list: \(error.reason)")))
                }
            } else if isFolder(argument) {
                items += contents(of: argument)
            } else {
                items.append(.file(PhotoFile(path: argument)))
            }
        }
        return items
    }

    /// The names in a list: empty entries (a trailing newline, a blank line) are not names.
    public func names(in list: [UInt8]) -> [PathName] {
        let separator: UInt8 = self.separator == .nul ? 0 : UInt8(ascii: "\n")
        return list.split(separator: separator, omittingEmptySubsequences: true).map { PathName(bytes: $0) }
    }

    private func contents(of folder: PathName) -> [Item] {
        let names: [PathName]
        do {
            names = try DirectoryListing.names(in: folder)
        } catch {
            return [.unusable(PhotoFile(path: folder), .unusable(.unreadable, detail: "cannot list: \(error.reason)"))]
        }
        var items: [Item] = []
        for name in names.sorted() where !DirectoryListing.isHiddenOrTemporary(name) {
            let path = folder.appending(name)
            if isFolder(path) {
                var info = stat()
                let isLink = path.withCString { lstat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFLNK
                if recursive && !isLink { items += contents(of: path) }  // never through a link: no loops
            } else if !excluded(path) {
                items.append(.file(PhotoFile(path: path)))
            }
        }
        return items
    }

    private func isFolder(_ path: PathName) -> Bool {
        var info = stat()
        return path.withCString { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
