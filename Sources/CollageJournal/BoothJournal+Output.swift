public import CollageCore
public import CollageWriting
internal import CollageFiles
#if canImport(Glibc)
internal import Glibc
#endif

/// Which booth a journal or a collage is of. Every booth on a machine (and user) signs with the
/// same key (`MarkKey`), so the key alone cannot tell this booth's record from another's copied
/// in: the journal names the output it is of, and each collage's mark carries a digest of it.
/// A booth restarting on its own output finds both its own; another booth's are named and never
/// adopted. The output is named by its canonical path, so a relative `-o` from another folder,
/// or a link to the folder, is still the same booth.
extension BoothJournal {
    /// `output`'s path with its folder resolved (`realpath`: absolute, no links); the path as
    /// given when the folder cannot be resolved.
    public static func canonicalPath(of output: CollageOutput) -> PathName {
        let parts = PathParts(output.path)
        let folder = parts.folder.isEmpty ? PathName(".") : parts.folder
        guard let resolved = folder.withCString({ realpath($0, nil) }) else { return output.path }
        defer { free(resolved) }
        return PathName(bytes: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved))).appending(parts.name)
    }

    /// The booth a collage's mark names: the first 128 bits of the HMAC of the canonical output
    /// path under the machine's key, in hex. A digest, so the mark in a collage a guest
    /// downloads shows no path; under the key, so it cannot be made for a booth elsewhere.
    static func boothID(of canonical: PathName, key: [UInt8]) -> String {
        String(HMAC.hex(HMAC.sha256(Array("collage booth output\n".utf8) + canonical.bytes, key: key)).prefix(32))
    }

    /// A journal read for the booth whose output is `canonical`: one naming another output, or
    /// none, is unusable, with the reason.
    public static func ownJournal(_ reading: Reading, of canonical: PathName) -> Reading {
        guard case .read(let history) = reading, history.output != canonical else { return reading }
        guard let other = history.output else {
            return .unusable("it does not name the output it is of, as journals written before this booth's version did not")
        }
        return .unusable("another booth's journal: it is of \(other)")
    }
}
