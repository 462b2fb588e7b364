import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP(S) load for ``ImageLoader``, streamed so that its limits hold while the bytes
/// arrive, not after: the body (as decoded, after any `Content-Encoding`) and the bytes on the
/// wire may not pass the byte limit, the whole load must end by its deadline however slowly or
/// endlessly the body comes, and a redirect may only go to the same origin (scheme, host and
/// port) unless cross-origin redirects are allowed. Past any of them the transfer is
/// cancelled at once.
final class HTTPFetch: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let url: URL
  private let limit: Int
  private let timeout: Double
  private let allowsCrossOriginRedirects: Bool
  private let lock = NSLock()
  private var body: [UInt8] = []
  private var continuation: CheckedContinuation<[UInt8], any Error>?
  private var session: URLSession?
  private var task: URLSessionDataTask?
  private var finished = false

  init(url: URL, limit: Int, timeout: Double, allowsCrossOriginRedirects: Bool) {
    self.url = url
    self.limit = limit
    self.timeout = timeout
    self.allowsCrossOriginRedirects = allowsCrossOriginRedirects
  }

  /// The body's bytes, or an ``AssetError`` naming the URL and the reason.
  func run() async throws -> [UInt8] {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (c: CheckedContinuation<[UInt8], any Error>) in
        start(c)
      }
    } onCancel: {
      finish(.failure(AssetError.unreadable(path: url.absoluteString, reason: "cancelled")))
    }
  }

  private func start(_ c: CheckedContinuation<[UInt8], any Error>) {
    let configuration = URLSessionConfiguration.ephemeral
    // The deadline is kept here; the transport's own timeouts are set past it.
    let transportTimeout = (timeout + 1).rounded(.up)
    configuration.timeoutIntervalForRequest = transportTimeout
    configuration.timeoutIntervalForResource = transportTimeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    var request = URLRequest(url: url, timeoutInterval: transportTimeout)
    request.setValue("image/png, image/jpeg, image/svg+xml", forHTTPHeaderField: "Accept")
    let task = session.dataTask(with: request)
    let alreadyOver: Bool = lock.withLock {
      if finished { return true }
      continuation = c
      self.session = session
      self.task = task
      return false
    }
    guard !alreadyOver else {
      session.invalidateAndCancel()
      c.resume(throwing: AssetError.unreadable(path: url.absoluteString, reason: "cancelled"))
      return
    }
    let seconds = timeout
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
      fail("no answer within \(SVGValues.format(seconds)) s")
    }
    task.resume()
  }

  /// Ends the load once: resumes the caller and cancels the transfer.
  private func finish(_ result: Result<[UInt8], any Error>) {
    let (c, s, t): (CheckedContinuation<[UInt8], any Error>?, URLSession?, URLSessionDataTask?) =
      lock.withLock {
        guard !finished else { return (nil, nil, nil) }
        finished = true
        defer {
          continuation = nil
          session = nil
          task = nil
          body = []
        }
        return (continuation, session, task)
      }
    c?.resume(with: result)
    // Cancelling from inside a delegate callback waits for the transfer on some Foundations:
    // the caller is answered first, and the transfer is stopped from elsewhere.
    if t != nil || s != nil {
      DispatchQueue.global().async {
        t?.cancel()
        s?.invalidateAndCancel()
      }
    }
  }

  private func fail(_ reason: String) {
    finish(.failure(AssetError.unreadable(path: url.absoluteString, reason: reason)))
  }

  // MARK: URLSessionDataDelegate

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    guard let http = response as? HTTPURLResponse else {
      completionHandler(.cancel)
      return fail("not an HTTP response")
    }
    guard (200..<300).contains(http.statusCode) else {
      completionHandler(.cancel)
      return fail("HTTP status \(http.statusCode)")
    }
    let type =
      (http.value(forHTTPHeaderField: "Content-Type") ?? "")
      .split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      ?? ""
    guard type.isEmpty || type.hasPrefix("image/") || type == "application/octet-stream" else {
      completionHandler(.cancel)
      return fail("the content type \(type) is not an image")
    }
    if http.expectedContentLength > Int64(limit) {
      completionHandler(.cancel)
      return fail("\(http.expectedContentLength) bytes announced, more than the \(limit) read")
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let over: Bool = lock.withLock {
      guard !finished else { return false }
      if body.count + data.count > limit || dataTask.countOfBytesReceived > Int64(limit) {
        return true
      }
      body += data
      return false
    }
    if over { fail("more than the \(limit) bytes read (the body is cut off there)") }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    if let error {
      if let e = error as? URLError, e.code == .timedOut {
        return fail("no answer within \(SVGValues.format(timeout)) s")
      }
      return fail("the request failed: \(error.localizedDescription)")
    }
    let (bytes, announced): ([UInt8], Int64) = lock.withLock {
      (body, task.response?.expectedContentLength ?? -1)
    }
    if announced >= 0, Int64(bytes.count) != announced,
      (task.response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding") == nil
    {
      return fail("the body is \(bytes.count) bytes of the \(announced) announced")
    }
    finish(.success(bytes))
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    guard let to = request.url else {
      completionHandler(nil)
      return fail("a redirect without a URL")
    }
    guard allowsCrossOriginRedirects || Self.sameOrigin(url, to) else {
      completionHandler(nil)
      return fail("redirected to \(to.absoluteString), another origin (not followed)")
    }
    completionHandler(request)
  }

  /// Whether two URLs have the same scheme, host and port (the default port when none).
  static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
    func port(_ u: URL) -> Int? { u.port ?? (u.scheme?.lowercased() == "https" ? 443 : 80) }
    return a.scheme?.lowercased() == b.scheme?.lowercased()
      && a.host?.lowercased() == b.host?.lowercased() && port(a) == port(b)
  }
}
