public import CollageCore
#if canImport(Glibc)
internal import Glibc
#endif

/// The system's one-line reason for `code`, or for the last failed call.
public func systemReason(_ code: Int32? = nil) -> String {
    String(cString: strerror(code ?? errno))
}

/// The error for the last failed system call on `path`.
public func systemError(_ path: PathName, _ action: String, _ code: Int32? = nil) -> FileError {
    FileError(path: path, action: action, reason: systemReason(code ?? errno))
}
