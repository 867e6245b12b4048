import CollageCore
import Testing
import CollageJournal

/// `collage journal show PATH`: which file PATH names, by value.
@Suite("A journal's path: the file itself, one set aside as damaged, or a booth's output")
struct JournalPathTests {
    @Test(arguments: [
        ("prints/.booth.jpg.journal", "prints/.booth.jpg.journal"),
        ("prints/.booth.jpg.journal.damaged", "prints/.booth.jpg.journal.damaged"),
        ("prints/.booth.jpg.journal.damaged-12", "prints/.booth.jpg.journal.damaged-12"),
        ("prints/booth.jpg", "prints/.booth.jpg.journal"),
        ("prints/booth-2.jpg", "prints/.booth-2.jpg.journal"),
        ("prints/.damaged", "prints/..damaged.journal"),
        ("prints/x.journal-2", "prints/.x.journal-2.journal"),
    ])
    func aPathNamesItsJournal(path: String, journal: String) {
        #expect(BoothJournal.journalPath(named: PathName(path)).description == journal)
    }
}
