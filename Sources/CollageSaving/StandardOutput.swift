internal import CollageCore
internal import CollageWriting
#if canImport(Glibc)
internal import Glibc
internal import CollageFiles
#endif

/// Image bytes on standard output, for `-o -`. SIGPIPE is ignored (by the command), so a reader
/// that goes away shows up here as EPIPE and ends the run quietly instead of killing it.
enum StandardOutput {
    static func write(_ bytes: [UInt8]) throws(WriteError) {
        guard let code = WriteAll.write(bytes, to: STDOUT_FILENO) else { return }
        if code == EPIPE { throw .readerGone }
        throw .file(systemError("standard output", "write", code))
    }
}
