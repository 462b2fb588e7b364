import Foundation
import Strata
import StrataFiles
import StrataRecords
import StrataTestSupport
import Testing

@Suite struct DecisionTests {
  typealias R = OnboardingRecord

  @Test func neverSeenOrAnOlderVersionShowsFromTheStart() {
    #expect(R.decide(nil, version: 1) == .show(startPage: 0))
    let old = R(identifier: "w", version: 1, outcome: .completed, lastPage: 2)
    #expect(R.decide(old, version: 2) == .show(startPage: 0))
  }

  @Test func aFinishedVersionIsNotShownAgain() {
    let done = R(identifier: "w", version: 2, outcome: .completed, lastPage: 2)
    #expect(R.decide(done, version: 2) == .skip)
    // A newer version on record (the app was downgraded) counts as seen.
    #expect(R.decide(done, version: 1) == .skip)
    let skipped = R(identifier: "w", version: 2, outcome: .skipped, lastPage: 1)
    #expect(R.decide(skipped, version: 2) == .skip)
    #expect(R.decide(skipped, version: 2, rule: .untilCompleted) == .show(startPage: 0))
    #expect(R.decide(done, version: 2, rule: .always) == .show(startPage: 0))
  }

  @Test func anOnboardingLeftMidWayResumesAtItsLastPage() {
    let left = R(identifier: "w", version: 3, lastPage: 4)
    #expect(R.decide(left, version: 3) == .show(startPage: 4))
    #expect(R.decide(left, version: 3, pageCount: 3) == .show(startPage: 2))
    #expect(R.decide(left, version: 3, resume: false) == .show(startPage: 0))
    #expect(R(identifier: "w", version: 1, lastPage: -5).lastPage == 0)
  }
}

@Suite struct MemoryStoreTests {
  @Test func updatesSavesAndRemoves() throws {
    let store = MemoryRecordStore()
    #expect(store.record(for: "a") == nil)
    try store.save(OnboardingRecord(identifier: "a", version: 1))
    store.update("a") { $0?.lastPage = 2 }
    #expect(store.record(for: "a")?.lastPage == 2)
    // The identifier is the key, whatever the body sets.
    store.update("b") { $0 = OnboardingRecord(identifier: "other", version: 1) }
    #expect(store.allRecords().keys.sorted() == ["a", "b"])
    try store.remove("a")
    #expect(store.record(for: "a") == nil)
  }
}

@Suite struct FileStoreTests {
  func folder() throws -> URL {
    let dir = try temporaryFolder("strata-records")
    return dir
  }

  @Test func recordsSurviveANewStoreAndTheFileIsJSON() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("records.json").path
    let store = FileRecordStore(path: path)
    #expect(store.allRecords().isEmpty && store.lastProblem == nil)
    try store.save(
      OnboardingRecord(identifier: "welcome", version: 2, outcome: .skipped, lastPage: 1))
    try store.update("whats-new") {
      $0 = OnboardingRecord(identifier: "x", version: 5, lastPage: 3)
    }
    let again = FileRecordStore(path: path)
    #expect(
      again.record(for: "welcome")
        == OnboardingRecord(identifier: "welcome", version: 2, outcome: .skipped, lastPage: 1))
    #expect(again.record(for: "whats-new")?.version == 5)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        as? [String: Any])
    #expect(json["format"] as? Int == 1 && (json["records"] as? [Any])?.count == 2)
    // No temporary file is left beside it.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [
        "records.json", "records.json.lock",
      ])
  }

  @Test(arguments: [
    "not json", "{\"format\": 1, \"records\": [", "{\"format\": 2, \"records\": []}",
    "{\"format\": 1, \"records\": [{\"identifier\": 3}]}", "[]", "",
  ])
  func aCorruptFileReadsAsNoRecordsAndIsReported(content: String) throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("records.json").path
    try Data(content.utf8).write(to: URL(fileURLWithPath: path))
    final class Reports: @unchecked Sendable { var list: [FileRecordStore.Problem] = [] }
    let reports = Reports()
    let store = FileRecordStore(path: path) { reports.list.append($0) }
    #expect(store.record(for: "welcome") == nil)
    guard case .corrupt(let p, let reason)? = store.lastProblem else {
      Issue.record("not reported as corrupt: \(String(describing: store.lastProblem))")
      return
    }
    #expect(p == path && !reason.isEmpty && reports.list.count == 1)
    #expect(store.lastProblem?.description.contains("not onboarding records") == true)
    // The next write replaces the bad file.
    try store.save(OnboardingRecord(identifier: "welcome", version: 1))
    #expect(FileRecordStore(path: path).record(for: "welcome")?.version == 1)
  }

  @Test func aFileTooLargeOrUnreadableIsAbsentAndAMissingFolderCannotBeWritten() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let big = dir.appendingPathComponent("big.json").path
    try Data(repeating: 32, count: 2000).write(to: URL(fileURLWithPath: big))
    let small = FileRecordStore(path: big, sizeLimit: 1000)
    #expect(small.allRecords().isEmpty)
    #expect(small.lastProblem == .tooLarge(path: big, size: 2000, limit: 1000))
    // A folder where the file should be cannot be read.
    let folderPath = dir.appendingPathComponent("sub").path
    try FileManager.default.createDirectory(atPath: folderPath, withIntermediateDirectories: true)
    let odd = FileRecordStore(path: folderPath)
    #expect(odd.allRecords().isEmpty)
    if case .unreadable? = odd.lastProblem {
    } else {
      Issue.record("\(String(describing: odd.lastProblem))")
    }
    let nowhere = FileRecordStore(path: dir.appendingPathComponent("missing/records.json").path)
    #expect(throws: FileRecordStore.Problem.self) {
      try nowhere.save(OnboardingRecord(identifier: "a", version: 1))
    }
  }

  @Test func threadsDoNotLoseUpdates() async throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let store = FileRecordStore(path: dir.appendingPathComponent("r.json").path)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<25 {
            _ = try? store.update("n") { r in
              var x = r ?? OnboardingRecord(identifier: "n", version: 1)
              x.lastPage += 1
              r = x
            }
          }
        }
      }
    }
    #expect(store.record(for: "n")?.lastPage == 100)
  }
}

/// Pages, one finishing with a "done" button and skippable with a "skip" button.
final class Finishing: TutorialController, StaticContentDataSource, LabelDataSource {
  var numberOfPages: Int { 3 }
  func label(at page: Int) -> Node? { Node(frame: Rect(x: 0, y: 0, width: 10, height: 10)) }
  func staticContent() -> Node? {
    let card = Node()
    card.addChild(NavigationButtonNode(role: .done, frame: Rect(x: 0, y: 0, width: 80, height: 40)))
    card.addChild(
      NavigationButtonNode(role: .skip, frame: Rect(x: 100, y: 0, width: 80, height: 40)))
    return card
  }
}

@Suite struct RecordKeeperTests {
  func settle(_ c: TutorialController) {
    for _ in 0..<600 { c.advance(by: 1.0 / 60) }
  }

  @Test func theRecordFollowsThePagesAndTheEnd() throws {
    let store = MemoryRecordStore()
    let c = Finishing(pageSize: Size(width: 200, height: 400))
    let keeper = OnboardingRecordKeeper(controller: c, store: store, identifier: "w", version: 4)
    #expect(store.record(for: "w") == OnboardingRecord(identifier: "w", version: 4))
    c.showNextPage()
    settle(c)
    c.showNextPage()
    settle(c)
    #expect(store.record(for: "w")?.lastPage == 2 && store.record(for: "w")?.outcome == nil)
    #expect(OnboardingRecord.decide(store.record(for: "w"), version: 4) == .show(startPage: 2))
    var done: NavigationButtonNode?
    c.root.forEachInSubtree { if let b = $0 as? NavigationButtonNode, b.role == .done { done = b } }
    c.tap(try #require(done))
    #expect(store.record(for: "w")?.outcome == .completed)
    #expect(OnboardingRecord.decide(store.record(for: "w"), version: 4) == .skip)
    #expect(keeper.lastError == nil)
    // Shown again for version 5, the keeper starts the record afresh.
    let again = OnboardingRecordKeeper(controller: c, store: store, identifier: "w", version: 5)
    #expect(store.record(for: "w")?.version == 5 && store.record(for: "w")?.outcome == nil)
    _ = again
  }

  @Test func skippingIsRecordedAndAFinishedRecordIsKeptWhenShownAgain() throws {
    let store = MemoryRecordStore([
      OnboardingRecord(identifier: "w", version: 1, outcome: .completed, lastPage: 2)
    ])
    let c = Finishing(pageSize: Size(width: 200, height: 400))
    let keeper = OnboardingRecordKeeper(controller: c, store: store, identifier: "w", version: 1)
    #expect(store.record(for: "w")?.outcome == .completed)
    var skip: NavigationButtonNode?
    c.root.forEachInSubtree { if let b = $0 as? NavigationButtonNode, b.role == .skip { skip = b } }
    // The skip button shows on the first page only after a layout.
    c.layoutIfNeeded()
    c.tap(try #require(skip))
    #expect(store.record(for: "w")?.outcome == .skipped)
    _ = keeper
  }
}

/// Records under attack: numbers that would overflow, links planted beside the file.
@Suite struct HostileRecordsTests {
  func scratch() throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("strata-records-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  @Test func aLastPageOfIntMaxIsClampedAndMovesWithoutOverflow() throws {
    let dir = try scratch()
    defer { SafeFile.removeTree(dir) }
    let path = dir + "/records.json"
    let json =
      #"{"format": 1, "records": [{"identifier": "w", "version": 1, "lastPage": \#(Int.max)}]}"#
    try SafeFile.write(Array(json.utf8), to: path)
    let store = FileRecordStore(path: path)
    var record = try #require(store.record(for: "w"))
    #expect(record.lastPage == OnboardingRecord.maximumPage)
    // `lastPage + 1` trapped here before.
    record.moveLastPage(by: Int.max)
    #expect(record.lastPage == OnboardingRecord.maximumPage)
    record.moveLastPage(by: Int.min)
    #expect(record.lastPage == 0)
    record.lastPage = Int.max
    #expect(record.lastPage == OnboardingRecord.maximumPage)
    try store.update("w") { $0?.moveLastPage(by: 1) }
    #expect(store.record(for: "w")?.lastPage == OnboardingRecord.maximumPage)
  }

  @Test func aLinkPlantedAtTheTemporaryPathIsNotFollowed() throws {
    let dir = try scratch()
    defer { SafeFile.removeTree(dir) }
    let victim = dir + "/victim"
    try SafeFile.write(Array("precious".utf8), to: victim)
    let path = dir + "/records.json"
    // The old temporary name was predictable: `.records.json.tmp-PID`.
    symlink(victim, dir + "/.records.json.tmp-\(getpid())")
    let store = FileRecordStore(path: path)
    try store.save(OnboardingRecord(identifier: "w", version: 1))
    #expect(String(decoding: try SafeFile.read(victim, limit: 100), as: UTF8.self) == "precious")
    #expect(!SafeFile.isSymbolicLink(path), "the records path became a link")
    #expect(store.record(for: "w")?.version == 1)
  }

  @Test func aRecordsPathThatIsALinkIsNotReplaced() throws {
    let dir = try scratch()
    defer { SafeFile.removeTree(dir) }
    let victim = dir + "/victim"
    try SafeFile.write(Array("precious".utf8), to: victim)
    symlink(victim, dir + "/records.json")
    let store = FileRecordStore(path: dir + "/records.json")
    #expect(throws: FileRecordStore.Problem.self) {
      try store.save(OnboardingRecord(identifier: "w", version: 1))
    }
    #expect(String(decoding: try SafeFile.read(victim, limit: 100), as: UTF8.self) == "precious")
    // A lock file that is a link is refused too, and its target is not created.
    let other = dir + "/other.json"
    symlink(dir + "/made-by-lock", other + ".lock")
    #expect(throws: FileRecordStore.Problem.self) {
      try FileRecordStore(path: other).save(OnboardingRecord(identifier: "w", version: 1))
    }
    #expect(access(dir + "/made-by-lock", F_OK) != 0)
  }

  @Test func aRecordsFileThatIsAFIFOReadsAsUnreadableWithoutBlocking() throws {
    let dir = try scratch()
    defer { SafeFile.removeTree(dir) }
    let path = dir + "/records.json"
    #expect(mkfifo(path, 0o644) == 0)
    let store = FileRecordStore(path: path)
    #expect(store.allRecords().isEmpty)
    guard case .unreadable(_, let reason)? = store.lastProblem else {
      Issue.record("no problem reported: \(String(describing: store.lastProblem))")
      return
    }
    #expect(reason.contains("FIFO"))
  }
}
