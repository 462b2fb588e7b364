import Foundation
import Strata
import StrataFiles
import StrataIO

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Images from URLs (`file://`, `http://`, `https://`), loaded in the background, cached, and
/// shown through a placeholder until they arrive.
///
/// A data source asks ``image(for:)`` while it builds a page: it gets the image when it is
/// there and the placeholder otherwise (also when loading failed), and the first ask starts
/// the load. Many asks for one URL make one request. When an image settles, ``onSettle`` is
/// called, so the host can rebuild its pages; a headless render awaits ``settle()`` first.
///
/// Every load is bounded while it runs: ``maximumBytes`` as the body streams in, ``timeout``
/// from connecting to the last byte, redirects within the URL's origin (unless
/// ``allowsCrossOriginRedirects``), and `file` URLs that are regular files. `http` loads run on
/// Strata's own sockets and stop the moment a limit is passed. `https` loads go through the
/// system's URL loading; the caller is answered at once too, but on Linux FoundationNetworking
/// may keep reading a fast server's body (into nothing) for a while after the load is
/// cancelled.
///
/// ```swift
/// let remote = ImageLoader(placeholder: .vector(VectorImage(size: Size(width: 1, height: 1))))
/// let hero = remote.image(for: URL(string: "https://example.com/hero@2x.jpg")!, scale: 2)
/// await remote.settle()            // every image loaded or failed
/// controller.reloadData()          // pages built again, with the images
/// ```
public final class ImageLoader: Sendable {
  /// Where a URL's image is.
  public enum State: Hashable, Sendable {
    /// Not asked for yet.
    case unknown
    /// Being loaded.
    case loading
    /// Here.
    case loaded(Image)
    /// It could not be had: why (the placeholder is shown instead).
    case failed(AssetError)
  }

  /// What is shown until an image arrives, and instead of one that fails.
  public let placeholder: Image
  /// How long one load may take in all, in seconds.
  public let timeout: Double
  /// The most bytes of decoded images kept; the least recently used go first.
  public let cacheLimit: Int
  /// The largest response read, in bytes: checked as the body streams in, on the bytes as
  /// decoded (after any `Content-Encoding`) and on the bytes received.
  public let maximumBytes: Int
  /// Whether a redirect to another origin (scheme, host, port) is followed; by default only
  /// redirects within the URL's own origin are.
  public let allowsCrossOriginRedirects: Bool
  /// Called (on a background task) with each URL whose load has finished, loaded or failed.
  public let onSettle: (@Sendable (URL) -> Void)?

  private struct Entry {
    var image: Image
    var cost: Int
    var lastUse: Int
  }

  private struct Store {
    var cache: [URL: Entry] = [:]
    var cost = 0
    var clock = 0
    var failures: [URL: AssetError] = [:]
    var inFlight: [URL: Task<Image, any Error>] = [:]
    var requests = 0
  }

  private let store = Locked(Store())

  /// Creates a loader.
  ///
  /// - Parameters:
  ///   - placeholder: shown until an image arrives, and instead of one that fails.
  ///   - timeout: seconds a load may take in all (connecting, waiting, reading); at least 0.01.
  ///   - cacheLimit: bytes of decoded images kept (4 per pixel for bitmaps).
  ///   - maximumBytes: the largest response read.
  ///   - allowsCrossOriginRedirects: whether redirects to another origin are followed.
  ///   - onSettle: called with each URL whose load finished.
  public init(
    placeholder: Image, timeout: Double = 15, cacheLimit: Int = 64 << 20,
    maximumBytes: Int = ImageFile.maximumBytes, allowsCrossOriginRedirects: Bool = false,
    onSettle: (@Sendable (URL) -> Void)? = nil
  ) {
    self.placeholder = placeholder
    self.timeout = timeout.isFinite ? Swift.max(0.01, timeout) : 15
    self.cacheLimit = Swift.max(0, cacheLimit)
    self.maximumBytes = Swift.max(1, maximumBytes)
    self.allowsCrossOriginRedirects = allowsCrossOriginRedirects
    self.onSettle = onSettle
  }

  /// The image at `url` if it has arrived, else the placeholder; starts loading it if nothing
  /// has yet. `scale` is the bitmap's pixels per point (2 for an `@2x` file).
  public func image(for url: URL, scale: Double = 1) -> Image {
    switch state(for: url) {
    case .loaded(let image): return image
    case .unknown:
      start(url, scale: scale)
      return placeholder
    case .loading, .failed: return placeholder
    }
  }

  /// Where the image at `url` is.
  public func state(for url: URL) -> State {
    store.withLock { s in
      if var entry = s.cache[url] {
        s.clock += 1
        entry.lastUse = s.clock
        s.cache[url] = entry
        return .loaded(entry.image)
      }
      if let failure = s.failures[url] { return .failed(failure) }
      return s.inFlight[url] == nil ? .unknown : .loading
    }
  }

  /// The image at `url`, loading it if needed (one request however many ask at once).
  ///
  /// - Throws: ``AssetError`` saying what went wrong: the status, the content type, a
  ///   timeout, a short or unreadable body.
  public func load(_ url: URL, scale: Double = 1) async throws(AssetError) -> Image {
    if case .loaded(let image) = state(for: url) { return image }
    let task = start(url, scale: scale)
    do {
      return try await task.value
    } catch let error as AssetError {
      throw error
    } catch {
      throw .unreadable(path: url.absoluteString, reason: "\(error)")
    }
  }

  /// Waits until no image is loading (those asked for while waiting too).
  public func settle() async {
    while let next = store.withLock({ $0.inFlight.values.first }) {
      _ = await next.result
    }
  }

  /// Forgets a failure, so the next ask tries `url` again.
  public func retry(_ url: URL) {
    _ = store.withLock { $0.failures.removeValue(forKey: url) }
  }

  /// Empties the cache of images (failures are kept; see ``retry(_:)``).
  public func removeAll() {
    store.withLock { s in
      s.cache = [:]
      s.cost = 0
    }
  }

  /// The bytes of decoded images the cache holds.
  public var cachedBytes: Int { store.withLock { $0.cost } }

  /// How many loads have been started (each URL once until it fails and is retried, or
  /// is evicted from the cache): what shows that asks are coalesced.
  public var requestCount: Int { store.withLock { $0.requests } }

  @discardableResult
  private func start(_ url: URL, scale: Double) -> Task<Image, any Error> {
    store.withLock { s in
      if let running = s.inFlight[url] { return running }
      s.requests += 1
      s.failures[url] = nil
      let task = Task<Image, any Error> { [self] in
        let result: Result<Image, AssetError>
        do {
          let bytes = try await fetch(url)
          result = .success(
            try ImageFile.decode(bytes, scale: scale, path: url.absoluteString).image)
        } catch let error as AssetError {
          result = .failure(error)
        } catch {
          result = .failure(.unreadable(path: url.absoluteString, reason: "\(error)"))
        }
        finish(url, result)
        onSettle?(url)
        return try result.get()
      }
      s.inFlight[url] = task
      return task
    }
  }

  private func finish(_ url: URL, _ result: Result<Image, AssetError>) {
    store.withLock { s in
      s.inFlight[url] = nil
      switch result {
      case .success(let image):
        let cost = Self.cost(of: image)
        guard cost <= cacheLimit else { return }
        s.clock += 1
        s.cache[url] = Entry(image: image, cost: cost, lastUse: s.clock)
        s.cost += cost
        // Least recently used out, until the cache fits.
        while s.cost > cacheLimit,
          let oldest = s.cache.min(by: { $0.value.lastUse < $1.value.lastUse })
        {
          s.cache[oldest.key] = nil
          s.cost -= oldest.value.cost
        }
      case .failure(let error):
        s.failures[url] = error
      }
    }
  }

  /// The bytes an image takes: 4 a pixel for a bitmap, an estimate for a drawing.
  static func cost(of image: Image) -> Int {
    switch image {
    case .raster(let r): return r.width * r.height * 4
    case .vector(let v):
      return v.shapes.reduce(256) { $0 + 64 + $1.path.elements.count * 40 }
    }
  }

  /// The bytes at `url`: a regular file (FIFOs, devices and folders are refused without
  /// blocking), or an HTTP(S) body streamed within the limits (``HTTPFetch``).
  private func fetch(_ url: URL) async throws -> [UInt8] {
    let name = url.absoluteString
    switch url.scheme?.lowercased() {
    case "file":
      do {
        return try SafeFile.read(url.path, limit: maximumBytes)
      } catch {
        throw AssetError.unreadable(path: name, reason: error.reason)
      }
    case "http":
      return try await plainHTTP(url)
    case "https":
      return try await HTTPFetch(
        url: url, limit: maximumBytes, timeout: timeout,
        allowsCrossOriginRedirects: allowsCrossOriginRedirects
      ).run()
    default:
      throw AssetError.unreadable(
        path: name, reason: "only file, http and https URLs are loaded")
    }
  }

  /// The most redirects followed.
  public static let maximumRedirects = 5

  /// An `http` load (``PlainHTTP``) on a thread of its own, following at most
  /// ``maximumRedirects`` redirects within the origin (any, with
  /// ``allowsCrossOriginRedirects``), all within ``timeout``.
  private func plainHTTP(_ url: URL) async throws -> [UInt8] {
    let limit = maximumBytes
    let seconds = timeout
    let crossOrigin = allowsCrossOriginRedirects
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    return try await withCheckedThrowingContinuation {
      (c: CheckedContinuation<[UInt8], any Error>) in
      Thread {
        var at = url
        for _ in 0...Self.maximumRedirects {
          do {
            switch try PlainHTTP.get(at, limit: limit, deadline: deadline) {
            case .body(let bytes): return c.resume(returning: bytes)
            case .redirect(let to):
              guard to.scheme?.lowercased() == "http", crossOrigin || HTTPFetch.sameOrigin(url, to)
              else {
                return c.resume(
                  throwing: AssetError.unreadable(
                    path: url.absoluteString,
                    reason: "redirected to \(to.absoluteString), another origin (not followed)"))
              }
              at = to
            }
          } catch {
            guard ContinuousClock.now < deadline else {
              return c.resume(
                throwing: AssetError.unreadable(
                  path: url.absoluteString,
                  reason: "no answer within \(SVGValues.format(seconds)) s"))
            }
            return c.resume(throwing: error)
          }
        }
        c.resume(
          throwing: AssetError.unreadable(
            path: url.absoluteString, reason: "more than \(Self.maximumRedirects) redirects"))
      }.start()
    }
  }
}
