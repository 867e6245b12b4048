internal import CollageCore
internal import Glibc
public import CollageFiles

/// Standard input, read to its end as bytes.
public enum StandardInput {
    public static func readAll() throws(FileError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw systemError("standard input", "read") }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }
}
