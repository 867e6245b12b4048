/// A file's device and inode (`FileIdentity.key`): equal for every path naming the same file.
public struct FileKey: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64
}
