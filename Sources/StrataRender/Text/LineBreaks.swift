/// Where lines may break, after the rules of UAX #14 that matter for the scripts Strata lays
/// out: after spaces (LB18) and hyphens (LB21), between ideographs and kana and next to them
/// (LB30-like, for Chinese, Japanese and Korean), never before closing punctuation, exclamation
/// and separators — even after spaces (LB13) — and never after opening punctuation, even before
/// spaces (LB14). Thai and other scripts that need a dictionary break only at spaces.
enum LineBreaks {
  /// The line-break classes this breaker tells apart.
  enum Kind {
    case space, hyphen, ideograph, opening, closing, other
  }

  static func kind(of c: Unicode.Scalar) -> Kind {
    switch c.value {
    case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return .space
    case 0x2D, 0x2010, 0x2012, 0x2013: return .hyphen
    case 0x28, 0x5B, 0x7B, 0xA1, 0xBF, 0x2018, 0x201C, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010,
      0x3014, 0x3016, 0x3018, 0x301A, 0xFF08, 0xFF3B, 0xFF5B:
      return .opening
    case 0x21, 0x29, 0x2C, 0x2E, 0x2F, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D, 0x2019, 0x201D, 0x2026,
      0x203C, 0x2047...0x2049, 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015,
      0x3017, 0x3019, 0x301B, 0x3005, 0x309D, 0x309E, 0x30FC...0x30FE, 0xFF01, 0xFF09, 0xFF0C,
      0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D,
      // Small kana, which must not begin a line.
      0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x30A1,
      0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6:
      return .closing
    case 0x2E80...0x2FFF, 0x3040...0x30FF, 0x3100...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF01...0xFF60, 0x1F300...0x1FAFF, 0x20000...0x2FFFF:
      return .ideograph
    default:
      return .other
    }
  }

  /// Sets each item's `breakAfter`: whether a line may end after it.
  static func mark(_ items: inout [TextEngine.Item]) {
    let kinds = items.map { kind(of: $0.scalar) }
    for i in items.indices {
      if items[i].isNewline {
        items[i].breakAfter = false
        continue
      }
      // The next character that is not a space decides LB13 for the spaces before it.
      var next = i + 1
      if kinds[i] == .space {
        while next < items.count, kinds[next] == .space, !items[next].isNewline { next += 1 }
      }
      let following: Kind? =
        next < items.count && !items[next].isNewline ? kinds[next] : nil
      if following == .closing {
        items[i].breakAfter = false
        continue
      }
      switch kinds[i] {
      case .opening: items[i].breakAfter = false
      case .space, .hyphen: items[i].breakAfter = true
      case .ideograph: items[i].breakAfter = following != nil
      case .closing, .other:
        items[i].breakAfter =
          following == .ideograph || following == .opening && kinds[i] == .closing
      }
    }
  }
}
