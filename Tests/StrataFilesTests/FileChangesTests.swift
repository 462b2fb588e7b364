import Foundation
import StrataFiles
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way a save is noticed: each change reported once, atomic saves and same-size edits
/// seen, files that appear and disappear too.
@Suite struct FileChangesTests {
  @Test func eachSaveIsReportedOnceAndAtomicSavesAreSeen() throws {
    let dir = try scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let a = dir + "/a.json"
    let b = dir + "/b.png"
    try SafeFile.write(Array("one".utf8), to: a)
    var changes = FileChanges(watching: [a])
    #expect(changes.changes().isEmpty, "the state at the start counts as seen")
    // An atomic save of the same size: a new inode.
    try SafeFile.write(Array("two".utf8), to: a)
    let first = changes.changes()
    #expect(first.map(\.path) == [a])
    #expect(first.first?.stamp == FileStamp.of(a))
    #expect(changes.changes().isEmpty, "reported once")
    // A file that appears, then disappears.
    changes.watch([b])
    #expect(changes.changes().isEmpty)
    try SafeFile.write([1, 2, 3], to: b)
    #expect(changes.changes().map(\.path) == [b])
    unlink(b)
    let gone = changes.changes()
    #expect(gone.map(\.path) == [b])
    #expect(gone.first.map { $0.stamp == nil } == true)
  }

  @Test func anEditInPlaceOfTheSameSizeIsSeenByItsTime() throws {
    let dir = try scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let a = dir + "/a.json"
    try SafeFile.write(Array("one".utf8), to: a)
    var changes = FileChanges(watching: [a])
    // Same inode, same size, a later modification time.
    var times = [
      timespec(tv_sec: 2_000_000_000, tv_nsec: 5), timespec(tv_sec: 2_000_000_000, tv_nsec: 5),
    ]
    #expect(utimensat(AT_FDCWD, a, &times, 0) == 0)
    #expect(changes.changes().map(\.path) == [a])
    #expect(FileStamp.of(a)?.seconds == 2_000_000_000)
    #expect(FileStamp.of(a)?.nanoseconds == 5)
  }

  @Test func unseenFilesAreReportedAtTheFirstLookAndReplacingDropsOldOnes() throws {
    let dir = try scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let a = dir + "/a.json"
    let b = dir + "/b.json"
    let missing = dir + "/missing.json"
    try SafeFile.write([1], to: a)
    try SafeFile.write([2], to: b)
    var changes = FileChanges(watching: [a, missing], seen: false)
    #expect(changes.changes().map(\.path) == [a], "a file that is not there is no change")
    changes.replace(with: [b])
    #expect(changes.paths == [b])
    #expect(changes.changes().isEmpty, "a newly watched file counts as seen")
    try SafeFile.write([1], to: a)
    #expect(changes.changes().isEmpty, "a dropped file is not watched")
  }
}
