/// A request the preview server understood: the method, the path and the headers.
struct HTTPRequest: Equatable {
  var method: String
  var path: String
  /// Header names in lower case.
  var headers: [String: String]

  /// The most bytes of a request head (the request line and headers).
  static let headLimit = 16 * 1024
  /// The most header lines.
  static let headerLimit = 64

  /// Parses the head of a request (up to, not including, the blank line).
  ///
  /// - Throws: ``HTTPError`` naming what is wrong: a request line that is not three parts,
  ///   a version other than HTTP/1.x, a header line without a colon, too many headers.
  static func parse(_ head: [UInt8]) throws(HTTPError) -> HTTPRequest {
    guard head.count <= headLimit else { throw .headTooLarge }
    guard let text = String(validating: head, as: UTF8.self) else {
      throw .badRequest("the request is not UTF-8")
    }
    var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
    guard !lines.isEmpty else { throw .badRequest("no request line") }
    let first = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
    guard first.count == 3, !first[0].isEmpty, first[1].hasPrefix("/") || first[1] == "*" else {
      throw .badRequest("the request line is not 'METHOD /path HTTP/1.1'")
    }
    guard first[2] == "HTTP/1.1" || first[2] == "HTTP/1.0" else {
      throw .badVersion(String(first[2].prefix(20)))
    }
    guard first[0].allSatisfy({ $0.isLetter && $0.isUppercase }) else {
      throw .badRequest("the method is not a word in capitals")
    }
    var headers: [String: String] = [:]
    for line in lines where !line.isEmpty {
      guard headers.count < headerLimit else { throw .headTooLarge }
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
        !line[..<colon].contains(" ")
      else {
        throw .badRequest("a header line without a name and a colon")
      }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingSpaces
      headers[name] = headers[name].map { $0 + ", " + value } ?? value
    }
    return HTTPRequest(method: String(first[0]), path: String(first[1]), headers: headers)
  }
}

/// Why a request was refused, with its status code.
enum HTTPError: Error, Equatable {
  case badRequest(String)
  case badVersion(String)
  case headTooLarge
  case notFound(String)
  case methodNotAllowed(String)
  case busy
  /// 403: the request is not from the preview's own page (host, origin or token).
  case forbidden(String)
  /// 503: what was asked for is over one of the preview's limits.
  case overLimit(String)

  /// The status code and reason phrase.
  var status: (code: Int, reason: String) {
    switch self {
    case .badRequest: return (400, "Bad Request")
    case .badVersion: return (505, "HTTP Version Not Supported")
    case .headTooLarge: return (431, "Request Header Fields Too Large")
    case .notFound: return (404, "Not Found")
    case .methodNotAllowed: return (405, "Method Not Allowed")
    case .busy, .overLimit: return (503, "Service Unavailable")
    case .forbidden: return (403, "Forbidden")
    }
  }

  /// One line saying what was wrong, for the response body.
  var message: String {
    switch self {
    case .badRequest(let why): return "bad request: \(why)"
    case .badVersion(let v): return "only HTTP/1.1 is spoken here, not \(v)"
    case .headTooLarge:
      return "the request's head is larger than \(HTTPRequest.headLimit) bytes or "
        + "\(HTTPRequest.headerLimit) headers"
    case .notFound(let path): return "nothing at \(path)"
    case .methodNotAllowed(let m): return "\(m) is not allowed: only GET"
    case .busy: return "too many connections; try again"
    case .forbidden(let why): return "forbidden: \(why)"
    case .overLimit(let why): return "over a limit: \(why)"
    }
  }
}

/// An HTTP/1.1 response's bytes.
func httpResponse(
  status: (code: Int, reason: String), contentType: String, body: [UInt8],
  extraHeaders: [String] = []
) -> [UInt8] {
  var head = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
  head += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
  head += "Cache-Control: no-store\r\nConnection: close\r\n"
  for h in extraHeaders { head += h + "\r\n" }
  head += "\r\n"
  return Array(head.utf8) + body
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
    while let l = s.last, l == " " || l == "\t" { s.removeLast() }
    return String(s)
  }
}
