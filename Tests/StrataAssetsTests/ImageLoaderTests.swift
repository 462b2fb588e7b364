import Foundation
import Strata
import StrataAssets
import StrataTestSupport
import Testing

// @testable: these tests reach internals: Zlib.deflate.
@testable import StrataIO
@testable import StrataRaster
@testable import StrataRender
@testable import StrataText

/// The image loader against a real HTTP server on loopback.
@Suite(.serialized) struct ImageLoaderTests {
  static let placeholder = Image.vector(VectorImage(size: Size(width: 1, height: 1)))

  static func pngBytes(side: Int = 4) throws -> [UInt8] {
    var b = try RasterImage(width: side, height: side)
    b.fill(Color(red: 1, green: 0, blue: 0))
    return PNGEncoder().encode(b)
  }

  static func server() throws -> LoopbackServer {
    let png = try pngBytes()
    let svg = Array("<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'/>".utf8)
    return try LoopbackServer(routes: [
      "/ok.png": .init(body: png),
      "/ok@2x.png": .init(body: png),
      "/art.svg": .init(contentType: "image/svg+xml", body: svg),
      "/shared.png": .init(body: png, delay: 0.3),
      "/slow.png": .init(body: png, delay: 3),
      "/truncated.png": .init(body: Array(png.prefix(20)), announcedLength: png.count),
      "/page.html": .init(contentType: "text/html", body: Array("<html></html>".utf8)),
      "/garbage.png": .init(body: [1, 2, 3, 4]),
    ])
  }

  @Test func anImageArrivesAfterThePlaceholder() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let settled = Locked([URL]())
    let loader = ImageLoader(placeholder: Self.placeholder, timeout: 5) { url in
      settled.withLock { $0.append(url) }
    }
    let url = server.url("/ok@2x.png")
    #expect(loader.image(for: url, scale: 2) == Self.placeholder, "first the placeholder")
    #expect(loader.state(for: url) == .loading)
    await loader.settle()
    guard case .raster(let r) = loader.image(for: url, scale: 2) else {
      Issue.record("then the bitmap: \(loader.state(for: url))")
      return
    }
    #expect(r.width == 4 && r.size == Size(width: 2, height: 2))
    #expect(settled.withLock { $0 } == [url])
    #expect(loader.cachedBytes == 4 * 4 * 4)
    let svg = try await loader.load(server.url("/art.svg"))
    #expect(svg.size == Size(width: 8, height: 8))
  }

  @Test func concurrentAsksMakeOneRequest() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let loader = ImageLoader(placeholder: Self.placeholder, timeout: 5)
    let url = server.url("/shared.png")
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<10 { group.addTask { _ = try? await loader.load(url) } }
      for _ in 0..<10 { _ = loader.image(for: url) }
    }
    #expect(server.count("/shared.png") == 1)
    #expect(loader.requestCount == 1)
    // Cached: no new request.
    _ = try await loader.load(url)
    #expect(server.count("/shared.png") == 1)
  }

  @Test func failuresShowThePlaceholderAndSayWhy() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let loader = ImageLoader(placeholder: Self.placeholder, timeout: 0.5)
    let cases: [(String, String)] = [
      ("/missing.png", "HTTP status 404"),
      ("/page.html", "content type text/html is not an image"),
      ("/garbage.png", "not a PNG, JPEG or SVG file"),
      ("/slow.png", "no answer within 0.5 s"),
    ]
    for (path, _) in cases { _ = loader.image(for: server.url(path)) }
    // The slow one is cut at the timeout: its reason below says so (no wall-clock bound here,
    // which a loaded machine would break).
    await loader.settle()
    for (path, reason) in cases {
      let url = server.url(path)
      #expect(loader.image(for: url) == Self.placeholder)
      guard case .failed(let error) = loader.state(for: url) else {
        Issue.record("\(path) fails: \(loader.state(for: url))")
        continue
      }
      #expect(error.description.contains(reason), "\(path): \(error)")
      #expect(error.description.contains(url.absoluteString))
    }
    // A truncated body is an error too (the transport's or ours), never a half image.
    let truncated = server.url("/truncated.png")
    await #expect(throws: AssetError.self) { try await loader.load(truncated) }
    #expect(loader.image(for: truncated) == Self.placeholder)
    // A failure is kept until retried; a retry asks again.
    let before = server.count("/missing.png")
    _ = loader.image(for: server.url("/missing.png"))
    #expect(server.count("/missing.png") == before)
    loader.retry(server.url("/missing.png"))
    _ = loader.image(for: server.url("/missing.png"))
    await loader.settle()
    #expect(
      server.count("/missing.png") == before + 1, "\(loader.state(for: server.url("/missing.png")))"
    )
  }

  @Test func fileURLsAndTheCacheLimit() async throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in ["a", "b", "c"] {
      try Data(try Self.pngBytes(side: 8)).write(to: dir.appendingPathComponent("\(name).png"))
    }
    // Room for two 8 × 8 bitmaps (256 bytes each).
    let loader = ImageLoader(placeholder: Self.placeholder, cacheLimit: 600)
    let urls = ["a", "b", "c"].map { dir.appendingPathComponent("\($0).png") }
    for url in urls { _ = try await loader.load(url) }
    #expect(loader.cachedBytes == 512)
    #expect(loader.state(for: urls[0]) == .unknown, "the least recently used went first")
    guard case .loaded = loader.state(for: urls[2]) else {
      Issue.record("the newest stays")
      return
    }
    await #expect(throws: AssetError.self) {
      try await loader.load(dir.appendingPathComponent("nope.png"))
    }
    await #expect(throws: AssetError.self) {
      try await loader.load(try #require(URL(string: "ftp://example.com/a.png")))
    }
  }
}

/// An onboarding whose labels show images from a server, through the loader.
final class RemotePrints: TutorialController, LabelDataSource {
  let loader: ImageLoader
  let urls: [URL]

  init(loader: ImageLoader, urls: [URL]) {
    self.loader = loader
    self.urls = urls
    super.init(pageSize: Size(width: 100, height: 100))
    dataSource = self
  }

  var numberOfPages: Int { urls.count }

  func label(at page: Int) -> Node? {
    ImageNode(
      image: loader.image(for: urls[page]), frame: Rect(x: 0, y: 0, width: 4, height: 4),
      name: "print \(page)")
  }
}

@Suite struct HeadlessRemoteImageTests {
  /// A headless render asks for its pages, waits for the loader to settle, reloads, and then
  /// draws the images (a failed one stays the placeholder).
  @Test func aHeadlessRenderWaitsForItsImages() async throws {
    let server = try ImageLoaderTests.server()
    defer { server.stop() }
    let loader = ImageLoader(placeholder: ImageLoaderTests.placeholder, timeout: 5)
    let prints = RemotePrints(
      loader: loader, urls: [server.url("/ok.png"), server.url("/missing")])
    func shown(_ page: Int) throws -> Image? {
      prints.setPagePosition(Double(page))
      guard case .image(let image, _)? = prints.scene().node(named: "print \(page)")?.content
      else { return nil }
      return image
    }
    #expect(try shown(0) == ImageLoaderTests.placeholder)
    _ = try shown(1)
    await loader.settle()
    prints.reloadData()
    guard case .raster(let r)? = try shown(0) else {
      Issue.record("after settling, the image")
      return
    }
    #expect(r.width == 4)
    #expect(try shown(1) == ImageLoaderTests.placeholder, "a 404 shows the placeholder")
    let frame = try FrameRenderer(scale: 1).render(prints.scene())
    #expect(frame.width == 100)
  }
}

/// The image loader against a hostile server: endless, slow and inflating bodies, redirects
/// away, and file URLs that are not files.
@Suite(.serialized) struct HostileImageLoaderTests {
  static let placeholder = ImageLoaderTests.placeholder

  /// Before: an endless chunked body was read past the timeout until the process died
  /// (7.3 GB); now the byte limit cuts it while it streams.
  @Test func anEndlessBodyIsCutAtTheByteLimit() async throws {
    let server = try LoopbackServer(routes: [
      "/endless.png": .init(body: [UInt8](repeating: 0, count: 64 << 10), endlessFor: 20)
    ])
    defer { server.stop() }
    let loader = ImageLoader(placeholder: Self.placeholder, timeout: 15, maximumBytes: 1 << 20)
    do {
      _ = try await loader.load(server.url("/endless.png"))
      Issue.record("an endless body loaded")
    } catch {
      #expect(error.description.contains("more than the 1048576 bytes"), "\(error)")
    }
    // The transfer stopped soon after the limit, not at the server's 20 seconds.
    try await Task.sleep(nanoseconds: 300_000_000)
    let sent = server.bytesSent("/endless.png")
    try await Task.sleep(nanoseconds: 300_000_000)
    #expect(server.bytesSent("/endless.png") == sent, "the server is still sending")
    #expect(sent < 64 << 20, "\(sent) bytes were sent")
  }

  /// Before: the deadline threw, but the load waited for the transfer to end.
  @Test func aSlowEndlessBodyEndsAtTheDeadline() async throws {
    let server = try LoopbackServer(routes: [
      "/drip.png": .init(body: [0], endlessFor: 20, pause: 0.05)
    ])
    defer { server.stop() }
    let loader = ImageLoader(placeholder: Self.placeholder, timeout: 0.5)
    let start = Date()
    do {
      _ = try await loader.load(server.url("/drip.png"))
      Issue.record("a dripping body loaded")
    } catch {
      #expect(error.description.contains("no answer within 0.5 s"), "\(error)")
    }
    // Well before the server's 20 s (a ratio of the deadline, not an absolute bound).
    #expect(Date().timeIntervalSince(start) < 0.5 * 10)
  }

  /// Before: a small compressed body was inflated whole (4 GiB of zeros from 4 MB). Now no
  /// content coding is asked for, and a body encoded anyway is refused before it is read.
  @Test func anEncodedBodyIsRefused() async throws {
    let zeros = Zlib.deflate([UInt8](repeating: 0, count: 32 << 20), level: 9)
    #expect(zeros.count < 1 << 20)
    let server = try LoopbackServer(routes: [
      "/bomb.png": .init(body: zeros, headers: ["Content-Encoding: deflate"])
    ])
    defer { server.stop() }
    let loader = ImageLoader(placeholder: Self.placeholder, timeout: 10, maximumBytes: 1 << 20)
    do {
      _ = try await loader.load(server.url("/bomb.png"))
      Issue.record("an inflating body loaded")
    } catch {
      #expect(error.description.contains("encoded (deflate)"), "\(error)")
    }
  }

  @Test func redirectsStayInTheirOriginUnlessAllowed() async throws {
    let png = try ImageLoaderTests.pngBytes()
    let other = try LoopbackServer(routes: ["/ok.png": .init(body: png)])
    defer { other.stop() }
    let server = try LoopbackServer(routes: [
      "/ok.png": .init(body: png),
      "/here.png": .init(status: 302, headers: ["Location: /ok.png"]),
      "/away.png": .init(status: 302, headers: ["Location: http://localhost:\(other.port)/ok.png"]),
    ])
    defer { server.stop() }
    let loader = ImageLoader(placeholder: Self.placeholder, timeout: 5)
    guard case .raster = try await loader.load(server.url("/here.png")) else {
      Issue.record("a same-origin redirect is followed")
      return
    }
    do {
      _ = try await loader.load(server.url("/away.png"))
      Issue.record("a redirect to another origin was followed")
    } catch {
      #expect(error.description.contains("another origin"), "\(error)")
    }
    #expect(other.count("/ok.png") == 0)
    let trusting = ImageLoader(
      placeholder: Self.placeholder, timeout: 5, allowsCrossOriginRedirects: true)
    guard case .raster = try await trusting.load(server.url("/away.png")) else {
      Issue.record("an allowed redirect is followed")
      return
    }
    #expect(other.count("/ok.png") == 1)
  }

  /// Before: a FIFO behind a file URL never returned.
  @Test func aFileURLThatIsNotAFileFailsAtOnce() async throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fifo = dir.appendingPathComponent("image.png")
    #expect(mkfifo(fifo.path, 0o644) == 0)
    let loader = ImageLoader(placeholder: Self.placeholder, timeout: 60)
    for url in [fifo, dir, URL(fileURLWithPath: "/dev/zero")] {
      do {
        _ = try await loader.load(url)
        Issue.record("\(url) loaded")
      } catch {
        #expect(error.description.contains("not a regular file"), "\(error)")
      }
    }
  }
}
