// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation, AlwaysUseLowerCamelCase

// (Apple documents these declarations; a stand-in repeats their signatures only.)
// Stand-in for the parts of Core Animation StrataUIKit uses (Linux type-check only).
@_exported import CoreGraphicsStandIn

open class CALayer: @unchecked Sendable {
  public init() {}
  open var name: String?
  open var bounds: CGRect = .zero
  open var position: CGPoint = .zero
  open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
  open var opacity: Float = 1
  open var isHidden = false
  open var masksToBounds = false
  open var cornerRadius: CGFloat = 0
  open var borderWidth: CGFloat = 0
  open var borderColor: CGColor?
  open var backgroundColor: CGColor?
  open var contents: Any?
  open var contentsScale: CGFloat = 1
  open var mask: CALayer?
  public private(set) var affineTransform = CGAffineTransform.identity
  open private(set) var sublayers: [CALayer]?
  open private(set) weak var superlayer: CALayer?

  /// Core Animation: the frame is the bounds' size at the position less the anchor's share.
  open var frame: CGRect {
    get {
      CGRect(
        x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
        width: bounds.width, height: bounds.height)
    }
    set {
      bounds.size = newValue.size
      position = CGPoint(
        x: newValue.minX + anchorPoint.x * newValue.width,
        y: newValue.minY + anchorPoint.y * newValue.height)
    }
  }

  open func setAffineTransform(_ m: CGAffineTransform) { affineTransform = m }

  open func addSublayer(_ layer: CALayer) {
    insertSublayer(layer, at: UInt32(sublayers?.count ?? 0))
  }

  open func insertSublayer(_ layer: CALayer, at index: UInt32) {
    layer.removeFromSuperlayer()
    var list = sublayers ?? []
    list.insert(layer, at: min(Int(index), list.count))
    sublayers = list
    layer.superlayer = self
  }

  open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
    let i = sublayers?.firstIndex { $0 === sibling } ?? 0
    insertSublayer(layer, at: UInt32(i))
  }

  open func removeFromSuperlayer() {
    superlayer?.sublayers?.removeAll { $0 === self }
    superlayer = nil
  }
}

open class CAShapeLayer: CALayer, @unchecked Sendable {
  public override init() {}
  open var path: CGPath?
}

open class CATransaction {
  nonisolated(unsafe) public private(set) static var depth = 0
  nonisolated(unsafe) public private(set) static var disablesActions = false
  public class func begin() { depth += 1 }
  public class func commit() { depth -= 1 }
  public class func setDisableActions(_ flag: Bool) { disablesActions = flag }
}
