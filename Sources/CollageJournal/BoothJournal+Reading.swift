public import CollageWriting
public import CollageCore
public import CollageFiles

/// A journal read by anyone: the booth on start, and `collage journal show` beside a running
/// booth, which never takes its lock.
extension BoothJournal {
    /// A journal file as read, without taking the booth's lock (`journal show` beside a running booth).
    public enum Reading: Sendable {
        case missing
        case unusable(String)
        case read(BoothHistory)
    }

    /// Reads the journal at `path`, trusted only when signed with `key` (the machine's);
    /// reading only, so a running booth is not disturbed (it replaces the file atomically: a
    /// reader sees the old journal or the new one).
    public static func read(_ path: PathName, key: Result<[UInt8], FileError> = MarkKey.loaded) -> Reading {
        guard FileIdentity.exists(path) else { return .missing }
        do {
            guard case .success(let key) = key else { return .unusable("there is no key to check it with: \(Self.keyProblem(key))") }
            return .read(try BoothHistory(parsing: try InputFile(path, maximumBytes: 64 << 20).readAll(), key: key))
        } catch let error as InputError {
            return .unusable(error.description)
        } catch {
            return .unusable(String(describing: error))
        }
    }

    /// The journal a path names: a journal file itself (`.booth.jpg.journal`, or one set aside as
    /// `.booth.jpg.journal.damaged` or `.damaged-2`), or else a booth's `-o` output
    /// (`booth.jpg`), whose journal is beside it.
    public static func journalPath(named path: PathName) -> PathName {
        var name = PathParts(path).name.bytes[...]
        // Set aside: `.damaged`, or `.damaged-2` and on.
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        let digits = name.reversed().prefix(while: isDigit).count
        let numbered = digits > 0 && name.dropLast(digits).last == UInt8(ascii: "-") ? name.dropLast(digits + 1) : name
        if numbered.suffix(8).elementsEqual(".damaged".utf8) { name = numbered.dropLast(8) }
        if name.first == UInt8(ascii: "."), name.count > 9, name.suffix(8).elementsEqual(".journal".utf8) { return path }
        return journalPath(for: CollageOutput(path: path, numbered: true))
    }

    /// Why a key could not be had, as a line's end.
    static func keyProblem(_ key: Result<[UInt8], FileError>) -> String {
        guard case .failure(let error) = key else { return "" }
        return error.description
    }
}
