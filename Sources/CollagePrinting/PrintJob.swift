public import CollageCore
internal import CollageFiles

/// One collage to print: its number, its file, the SHA-256 of the bytes saved there (only those
/// are printed), whether a booth's journal records its print, and the title its job carries on
/// the print server, by which a restart finds it (`PrintJob.title(booth:file:number:)`).
public struct PrintJob: Sendable, Hashable {
    public let number: Int
    public let path: PathName
    public let saved: ContentHash
    public let journaled: Bool
    public let title: String

    public init(number: Int, path: PathName, saved: ContentHash, journaled: Bool, title: String) {
        self.number = number
        self.path = path
        self.saved = saved
        self.journaled = journaled
        self.title = title
    }

    /// The title of collage `number`'s job: its file's name, then the booth and the number, so a
    /// queue's list shows which strip it is and a restart finds the very job it sent
    /// (`booth-0007.jpg (collage 3f2a… 7)`); without a booth, the file's name alone.
    public static func title(booth: String?, file: PathName, number: Int) -> String {
        let name = PathParts(file).name.description
        return booth.map { "\(name) (collage \($0) \(number))" } ?? name
    }
}

/// Why a collage is not printed, as its line says.
public enum PrintSkip: Sendable, Hashable {
    /// `--max-prints`: this many were printed this session already.
    case limit(Int)
    /// The file under its name is not the one the booth saved.
    case notTheFileSaved
    /// Its private copy, or its journal entry, could not be made: a restart prints it.
    case notNow(String)
    /// The journal says it is not one to print now (printed, or in doubt): nothing to say.
    case notToPrint
}
