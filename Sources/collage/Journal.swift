internal import CollageJournal
internal import ArgumentParser
internal import CollageCore
internal import CollageReport

extension Collage {
    /// `collage journal show prints/booth.jpg`
    struct Journal: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "journal",
            abstract: "Reads a photo booth's journal.",
            subcommands: [Show.self]
        )
    }
}

extension Collage.Journal {
    /// `collage journal show prints/booth.jpg [--json]`
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Lists a booth's collages: number, file, photos and print state.",
            discussion: """
                PATH is the booth's -o output (prints/booth.jpg) or its journal (prints/.booth.jpg.journal). \
                One line per collage, or with --json one JSON object. Print states: open (photos may still \
                join), not-printed, printing (the command may have run; its outcome was not recorded), \
                printed, print-failed, print-unknown (named by a restart as possibly not printed), \
                not-printing (saved by a booth without --print). Only reads: a running booth is not disturbed. \
                A missing or damaged journal exits 66.
                """
        )

        @Argument(help: ArgumentHelp("The booth's -o output, or its journal file.", valueName: "path"), completion: .file())
        var path: PathName

        @Flag(help: "One JSON object: the journal's path and its collages.")
        var json = false

        func run() throws {
            let journal = BoothJournal.journalPath(named: path)
            switch BoothJournal.read(journal) {
            case .missing:
                Console.standardError.line("collage: no booth journal \(journal): not a booth's output, or it has saved nothing yet")
                throw ExitStatus.noInput
            case .unusable(let reason):
                Console.standardError.line("collage: the journal \(journal) cannot be read: \(reason)")
                throw ExitStatus.noInput
            case .read(let history):
                if json {
                    Console.standardOutput.line(JournalJSON.document(history, journal: journal).serialized)
                } else {
                    JournalText.lines(history).forEach(Console.standardOutput.line)
                }
            }
        }
    }
}
