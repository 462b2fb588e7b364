import Foundation
import Strata
import StrataAssets
import StrataFiles
import StrataIO
import StrataText
import Testing

/// I/O failures are named for I/O: the renderer's writes throw `RenderError.file` with the
/// file error whole, and readers of fonts, images and SVG name the path once (they used to
/// wrap a render error's description, path included, after the path again).
@Suite struct IOErrorTests {
  static let missing = "/nonexistent-strata-folder/file"

  @Test func aPNGWrittenWhereNoFolderIsThrowsTheFileError() throws {
    let image = try RasterImage(width: 2, height: 2)
    do {
      try PNGEncoder().write(image, to: Self.missing + ".png")
      Issue.record("the write succeeded")
    } catch {
      guard case .file(let e) = error else {
        Issue.record("not a file error: \(error)")
        return
      }
      #expect(e.path == Self.missing + ".png")
      #expect(e.kind == .notFound)
      #expect(error.description == "\(Self.missing).png: \(e.reason)")
    }
  }

  @Test func readersNameThePathOnce() {
    let messages: [String] = [
      {
        do { _ = try FontFace(contentsOf: Self.missing + ".ttf") } catch { return "\(error)" }
        return ""
      }(),
      {
        do { _ = try ImageFile.load(Self.missing + ".png") } catch { return "\(error)" }
        return ""
      }(),
      {
        do { _ = try SVGImporter().importFile(Self.missing + ".svg") } catch { return "\(error)" }
        return ""
      }(),
    ]
    for m in messages {
      #expect(m.contains(Self.missing), "\(m)")
      #expect(m.components(separatedBy: Self.missing).count == 2, "the path once: \(m)")
    }
  }

  @Test func anAnimationUsedOutOfOrderIsNotAnIOError() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("a.png").path
    do {
      _ = try APNGWriter(path: path, width: 2, height: 2, frameCount: 0, fps: 30)
      Issue.record("no error")
    } catch {
      guard case .invalidAnimation(let p, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(p == path)
    }
  }
}
