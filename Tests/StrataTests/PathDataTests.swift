import Strata
import Testing

/// Strata's one path-data reader and writer, shared by the SVG importer and specs.
@Suite struct PathDataTests {
  @Test func readingStopsAtTheFirstErrorKeepingWhatCameBefore() {
    let read = PathData.parse("M0 0 L10 10 L20 x")
    #expect(read.path.elements == [.move(.zero), .line(Point(x: 10, y: 10))])
    #expect(read.error?.message == "L needs two numbers")
    #expect(read.error?.offset == 16, "the x, at byte 16")
    #expect(read.error?.description == "L needs two numbers at character 17")
  }

  @Test func aCommandBudgetIsKept() {
    let text = String(repeating: "M0 0 ", count: 20)
    #expect(PathData.parse(text, maximumCommands: 20).error == nil)
    let over = PathData.parse(text, maximumCommands: 19)
    #expect(over.error?.message == "too many commands")
    #expect(over.path.elements.count == 19)
  }

  @Test func theWriterUsesTheNumbersItIsGivenAndReadsBack() {
    var p = Path()
    p.move(to: Point(x: 0.5, y: -1))
    p.line(to: Point(x: 3, y: 4))
    p.quad(to: Point(x: 5, y: 6), control: Point(x: 7, y: 8))
    p.cubic(to: Point(x: 1, y: 2), control1: Point(x: 3, y: 4), control2: Point(x: 5, y: 6))
    p.close()
    let text = PathData.format(p) { "\($0)" }
    #expect(text == "M0.5 -1.0 L3.0 4.0 Q7.0 8.0 5.0 6.0 C3.0 4.0 5.0 6.0 1.0 2.0 Z")
    #expect(PathData.parse(text).path == p)
  }
}
