import CollageCore
import Testing

@Suite("build --pages: the pages' file names")
struct PageNamesTests {
    @Test("The number before the name's extension, at least four digits", arguments: [
        ("album.jpg", 1, "album-0001.jpg"), ("out/album.jpg", 12, "out/album-0012.jpg"), ("my.dir/album", 3, "my.dir/album-0003"),
        (".jpg", 2, ".jpg-0002"), ("a.b.png", 9999, "a.b-9999.png"),
    ])
    func names(output: String, page: Int, expected: String) {
        #expect(PageNames(output: PathName(output), pages: 50).path(page: page) == PathName(expected))
    }

    @Test func digitsFollowTheMostPages() {
        #expect(PageNames(output: "a.jpg", pages: 9999).digits == 4)
        #expect(PageNames(output: "a.jpg", pages: 10_000).path(page: 7) == "a-00007.jpg")
        #expect(PageNames.mostPages(photos: 17, perPage: 6) == 3)
        #expect(PageNames.mostPages(photos: 18, perPage: 6) == 3)
        #expect(PageNames.mostPages(photos: 0, perPage: 6) == 1)
    }

    @Test("A name numbered as a page's", arguments: [
        ("trip/album-0001.jpg", true), ("album-12345.png", true), ("booth-0042.jpg", true), ("a.b/old-0001", true),
        ("IMG-001.jpg", false), ("album-0001x.jpg", false), ("0001.jpg", false), ("-0001.jpg", false), ("album.jpg", false),
        ("IMG_20240101.jpg", false),
    ])
    func numberedNames(name: String, numbered: Bool) {
        #expect(PageNames.isNumbered(PathName(name)) == numbered)
    }
}
