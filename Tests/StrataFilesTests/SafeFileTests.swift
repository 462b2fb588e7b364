import Foundation
import StrataFiles
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh folder under the system's temporary folder, removed by the caller.
func scratchFolder() throws -> String {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("strata-files-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url.path
}

func contents(_ path: String) -> String? {
  (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) }
}

/// Reads: regular files only, refused before anything can block; the limit on bytes read.
@Suite struct SafeReadTests {
  @Test func aFIFOIsRefusedAtOnceInsteadOfBlocking() throws {
    let dir = try scratchFolder()
    defer { SafeFile.removeTree(dir) }
    let fifo = dir + "/image.png"
    #expect(mkfifo(fifo, 0o644) == 0)
    // Before: fopen blocked until a writer came, for ever. The read happens on another thread
    // so that a regression fails the test instead of hanging it.
    let done = DispatchSemaphore(value: 0)
    let result = LockedBox<Result<[UInt8], FileError>?>(nil)
    Thread {
      result.value = Result { () throws(FileError) in try SafeFile.read(fifo, limit: 100) }
      done.signal()
    }.start()
    #expect(done.wait(timeout: .now() + 5) == .success, "reading a FIFO blocked")
    guard case .failure(let error)? = result.value else {
      Issue.record("a FIFO was read")
      return
    }
    #expect(error.kind == .notRegularFile)
    #expect(error.reason.contains("FIFO"))
  }

  @Test func devicesFoldersAndSocketsAreRefused() throws {
    for device in ["/dev/zero", "/dev/null", "/dev/tty"] where access(device, F_OK) == 0 {
      do {
        _ = try SafeFile.read(device, limit: 10)
        Issue.record("\(device) was read")
      } catch {
        // /dev/tty may fail to open at all without a terminal; either way it is not read.
        #expect(error.kind == .notRegularFile || error.kind != .tooLarge(limit: 10), "\(device)")
      }
    }
    let dir = try scratchFolder()
    defer { SafeFile.removeTree(dir) }
    #expect(throws: FileError.self) { try SafeFile.read(dir, limit: 10) }
    do {
      _ = try SafeFile.read(dir, limit: 10)
    } catch {
      #expect(error.kind == .notRegularFile && error.reason.contains("folder"))
    }
  }

  @Test func theLimitIsCheckedAgainstTheBytesRead() throws {
    let dir = try scratchFolder()
    defer { SafeFile.removeTree(dir) }
    let path = dir + "/a.bin"
    try SafeFile.write([UInt8](repeating: 7, count: 1000), to: path)
    #expect(try SafeFile.read(path, limit: 1000).count == 1000)
    do {
      _ = try SafeFile.read(path, limit: 999)
      Issue.record("read past the limit")
    } catch {
      #expect(error.kind == .tooLarge(limit: 999))
    }
    do {
      _ = try SafeFile.read(dir + "/missing", limit: 10)
    } catch {
      #expect(error.kind == .notFound && error.path.hasSuffix("missing"))
    }
  }
}

/// Writes: fresh random temporary names made with O_EXCL | O_NOFOLLOW, no link followed or
/// replaced unless asked.
@Suite struct AtomicWriteTests {
  @Test func aLinkPlantedAtTheOldTemporaryNameIsNotWrittenThrough() throws {
    let dir = try scratchFolder()
    defer { SafeFile.removeTree(dir) }
    let victim = dir + "/victim.txt"
    try SafeFile.write(Array("precious".utf8), to: victim)
    // The temporary name used to be `.NAME.tmp-PID`: predictable, and opened with fopen.
    symlink(victim, dir + "/.frame.png.tmp-\(getpid())")
    try SafeFile.write(Array("frame".utf8), to: dir + "/frame.png")
    #expect(contents(victim) == "precious")
    #expect(contents(dir + "/frame.png") == "frame")
    #expect(!SafeFile.isSymbolicLink(dir + "/frame.png"))
  }

  @Test func temporaryNamesAreFreshAndNameTheirProcess() {
    let a = SafeFile.temporaryName(for: "x.png")
    let b = SafeFile.temporaryName(for: "x.png")
    #expect(a != b)
    #expect(a.hasPrefix(".x.png.tmp-\(getpid())-"))
    #expect(SafeFile.temporaryOwner(a) == getpid())
    #expect(SafeFile.temporaryOwner(".x.png.tmp-123") == 123)
    #expect(SafeFile.temporaryOwner(".x.png.tmp-123-zz") == nil)
    #expect(SafeFile.temporaryOwner("x.png") == nil)
    #expect(SafeFile.temporaryOwner(".x.tmp-") == nil)
    #expect(!SafeFile.isStaleTemporary(a))
    #expect(SafeFile.isStaleTemporary(".x.png.tmp-2147483000-abc"))
  }

  @Test func aTargetThatIsALinkIsRefusedUnlessAsked() throws {
    let dir = try scratchFolder()
    defer { SafeFile.removeTree(dir) }
    let target = dir + "/elsewhere.txt"
    try SafeFile.write(Array("keep".utf8), to: target)
    let link = dir + "/out.txt"
    symlink(target, link)
    do {
      try SafeFile.write(Array("new".utf8), to: link)
      Issue.record("a link was replaced")
    } catch {
      #expect(error.kind == .symbolicLink)
    }
    #expect(contents(target) == "keep")
    // Told to, the link itself is replaced: what it pointed to is untouched.
    try SafeFile.write(Array("new".utf8), to: link, replacingSymbolicLinks: true)
    #expect(!SafeFile.isSymbolicLink(link))
    #expect(contents(link) == "new" && contents(target) == "keep")
    let left = try FileManager.default.contentsOfDirectory(atPath: dir)
    #expect(!left.contains { $0.contains(".tmp-") })
  }

  @Test func aLockFileThatIsALinkIsRefused() throws {
    let dir = try scratchFolder()
    defer { SafeFile.removeTree(dir) }
    symlink(dir + "/target", dir + "/r.lock")
    #expect(throws: FileError.self) { try SafeFile.openLockFile(dir + "/r.lock") }
    #expect(access(dir + "/target", F_OK) != 0, "the link's target was created")
    let fd = try SafeFile.openLockFile(dir + "/ok.lock")
    close(fd)
  }
}

/// A folder written whole or not at all.
@Suite struct AtomicFolderTests {
  @Test func aCommittedFolderReplacesTheOldOneWhole() throws {
    let dir = try scratchFolder()
    defer { SafeFile.removeTree(dir) }
    let out = dir + "/files"
    let first = try AtomicFolder(path: out)
    try first.write(Array("a".utf8), to: "a.txt")
    try first.write(Array("b".utf8), to: "sub/b.txt")
    #expect(access(out, F_OK) != 0, "visible before the commit")
    try first.commit()
    #expect(contents(out + "/sub/b.txt") == "b")
    let second = try AtomicFolder(path: out)
    try second.write(Array("c".utf8), to: "c.txt")
    try second.commit()
    #expect(contents(out + "/c.txt") == "c")
    #expect(contents(out + "/a.txt") == nil, "the old folder's files stayed")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["files"])
  }

  @Test func aFailureLeavesTheOldFolderAndNoLeftovers() throws {
    let dir = try scratchFolder()
    defer { SafeFile.removeTree(dir) }
    let out = dir + "/files"
    let first = try AtomicFolder(path: out)
    try first.write(Array("old".utf8), to: "a.txt")
    try first.commit()
    let second = try AtomicFolder(path: out)
    try second.write(Array("new".utf8), to: "a.txt")
    #expect(throws: FileError.self) { try second.write([1], to: "../escape.txt") }
    // The failed write abandoned the new folder: the old one is as it was.
    #expect(throws: FileError.self) { try second.commit() }
    #expect(contents(out + "/a.txt") == "old")
    #expect(access(dir + "/escape.txt", F_OK) != 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["files"])
  }
}

/// A value set from another thread.
final class LockedBox<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
