internal import CollageJournal
internal import CollageBooth
internal import CollageTerminal
internal import ArgumentParser
internal import CollageCore
internal import CollageReport

extension Collage {
    /// `collage journal show prints/booth.jpg`
    struct Journal: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "journal",
            abstract: "Reads a photo booth's journal, and prints a strip again by hand.",
            subcommands: [Show.self, Reprint.self]
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

extension Collage.Journal {
    /// `collage journal reprint prints/booth.jpg 7 --print 'lp {path}'`
    struct Reprint: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reprint",
            abstract: "Prints a booth's collage again, by its number: a strip named print-unknown, say.",
            discussion: """
                PATH is the booth's -o output (prints/booth.jpg) or its journal. Only a complete collage the journal \
                records is printed, and only when its file is the one the booth saved; through --print or --printer, \
                tried as a booth tries a print. The journal is only read: a running booth is not disturbed, and \
                journal show still names what the booth itself could not vouch for. Exits 66 without a journal, \
                65 for no such complete collage (or another file under its name), 69 when every try failed.
                """
        )

        @Argument(help: ArgumentHelp("The booth's -o output, or its journal file.", valueName: "path"), completion: .file())
        var path: PathName

        @Argument(help: ArgumentHelp("The collage's number (7 for booth-0007.jpg).", valueName: "number"))
        var number: Int

        @OptionGroup var printing: PrinterOptions

        func validate() throws {
            guard number >= 1 else { throw ValidationError("the collage's number is 1 or more.") }
            guard printing.prints else { throw ValidationError("say how to print it: --print COMMAND or --printer QUEUE.") }
        }

        func run() async throws {
            guard let printer = printing.printer else { return }
            let log = EventLog(verbosity: .normal, watching: false, styler: ColorPolicy.styler(.auto, fileDescriptor: 2))
            let end = await ReprintRun(journal: BoothJournal.journalPath(named: path), number: number, printer: printer).run(log: log.event)
            if let error = end.error { Console.standardError.line("collage: \(error)") }
            if end.status != 0 { throw ExitCode(end.status) }
        }
    }
}
