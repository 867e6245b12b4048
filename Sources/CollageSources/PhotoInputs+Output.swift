public import CollageCore
internal import CollageFiles
internal import CollageLocking

extension PhotoInputs {
    /// The inputs in order with the collage being written left out of folder listings (however
    /// the folder and the output were spelt: by device and inode); `outputListed` says whether a
    /// listing met it, so a caller can tell a photo named as the output from a stale collage.
    public static func resolve(_ arguments: [PathName], separator: Separator, recursive: Bool,
                               excludingOutput output: PathName?) -> (items: [Item], outputListed: Bool) {
        let listed = Locked(false)
        let excluded: @Sendable (PathName) -> Bool = { path in
            guard let output, FileIdentity.same(path, output) else { return false }
            listed.withLock { $0 = true }
            return true
        }
        let items = PhotoInputs(separator: separator, recursive: recursive, excluded: excluded).resolve(arguments)
        return (items, listed.withLock { $0 })
    }
}
