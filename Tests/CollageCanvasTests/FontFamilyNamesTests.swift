import CollageCanvas
import Testing

/// The installed families named when a `--font` family is not installed, by value.
@Suite struct FontFamilyNamesTests {
    let installed = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Liberation Sans", "Droid Sans Fallback", "Z003"]

    @Test func aTypoNamesTheFamilyItMeantFirst() {
        #expect(FontFamilyNames.closest(to: "DejaVu Sanz", among: installed) == ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"])
    }

    @Test func caseAndBlanksDoNotCount() {
        #expect(FontFamilyNames.closest(to: "liberationsans", among: installed, count: 1) == ["Liberation Sans"])
    }

    @Test func anUnrelatedNameNamesNothing() {
        #expect(FontFamilyNames.closest(to: "Comic Sans MS", among: installed).isEmpty)
    }
}
