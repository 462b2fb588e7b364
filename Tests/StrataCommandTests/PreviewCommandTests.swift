import Foundation
import StrataCommand
import StrataTestSupport
import Testing

/// `strata preview` as a process: it prints its address, serves, and stops cleanly on SIGINT.
@Suite struct PreviewCommandTests {
  @Test func itPrintsItsAddressAndStopsCleanlyOnSIGINT() throws {
    let exe = try #require(strataExecutable(), "the strata executable was not found")
    let p = Process()
    p.executableURL = exe
    p.arguments = ["preview", "animals", "--port", "0"]
    let out = Pipe()
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    try p.run()
    defer { if p.isRunning { p.terminate() } }
    // The first line names the address.
    var text = ""
    let end = Date().addingTimeInterval(30)
    while !text.contains("\n"), Date() < end {
      text += String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
    }
    let port = try #require(
      text.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) }, "\(text)")
    #expect(text.hasPrefix("previewing animals at http://127.0.0.1:"))
    // It answers the address it printed, with its token; without the token it refuses.
    let printed = try #require(
      text.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
    #expect(printed.contains("/?token=") && printed.count > 40)
    let url = try #require(URL(string: printed))
    let page = try #require(try? String(contentsOf: url, encoding: .utf8))
    #expect(page.contains("<div id=\"screen\""))
    let bare = try #require(URL(string: "http://127.0.0.1:\(port)/"))
    #expect((try? String(contentsOf: bare, encoding: .utf8))?.contains("id=\"screen\"") != true)
    kill(p.processIdentifier, SIGINT)
    p.waitUntilExit()
    #expect(p.terminationStatus == 0)
    let rest = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(rest.contains("stopped"))
  }

  @Test func anUnknownOnboardingOrABadSpecIsRefusedBeforeServing() {
    let r = runTool(["preview", "animal"])
    #expect(r.status != 0 && r.err.contains("did you mean 'animals'"))
    let spec = runTool(["preview", "/nonexistent/welcome.json"])
    #expect(spec.status != 0 && spec.err.contains("welcome.json"))
  }
}
