import Strata
import StrataText

/// The controller a spec builds (``LoadedSpec/makeController(pageSize:)``): each layer's nodes
/// from the spec, fresh for every page load, moved by the spec's animators; the layout measures,
/// navigation policy, autoplay and wrap-around the spec gives.
public final class SpecTutorial: TutorialController, StaticBackgroundDataSource,
  DynamicBackgroundDataSource, WireframeDataSource, InnerWireframeDataSource,
  StaticContentDataSource, LabelDataSource, IconDataSource
{
  let builder: SpecBuilder
  private let shadowCaster = Node(name: "static content shadow")
  /// The spec's navigation policies, resolved from their names once.
  private let policies: ResolvedPolicies

  /// The spec shown.
  public var spec: TutorialSpec { builder.spec }

  init(builder: SpecBuilder, pageSize: Size) {
    self.builder = builder
    policies = ResolvedPolicies(builder.spec.navigation)
    super.init(pageSize: pageSize)
    textMeasurer = TextEngine.system
    animator = builder.animatorSet()
    // The controller's autoplay: by default a touch holds it for a whole interval.
    autoplay = builder.spec.navigation?.resolvedAutoplay
  }

  /// The pages the spec has.
  public var numberOfPages: Int { spec.resolvedPageCount }

  /// The spec's policy for `page` (per page first, then the spec's, then free).
  public func navigationPolicy(at page: Int) -> NavigationPolicy { policies.policy(at: page) }

  /// The spec's top margin for labels.
  public var labelsTopMargin: Double? { spec.layout?.labelsTopMargin }
  /// The spec's bottom margin for labels.
  public var labelsBottomMargin: Double? { spec.layout?.labelsBottomMargin }

  func node(_ layer: TutorialLayer, page: Int?) -> Node? {
    guard let l = spec.layers?[layer] else { return nil }
    let n: NodeSpec?
    if let page {
      guard let pages = l.pages, page >= 0, page < pages.count else { return nil }
      n = pages[page]
    } else {
      n = l.node
    }
    guard let n, SpecBuilder.shows(n, in: sizeClasses) else { return nil }
    let node = builder.node(
      n, pageCount: numberOfPages, measurer: textMeasurer, classes: sizeClasses)
    // A styled layer root without a frame fills the page, and lays its children out in it.
    if node.flexStyle != nil && n.frame == nil {
      node.frame = Rect(origin: .zero, size: pageSize)
    }
    return node
  }

  /// The static background's node.
  public func staticBackground() -> Node? { node(.staticBackground, page: nil) }
  /// Page `page`'s dynamic background.
  public func dynamicBackground(at page: Int) -> Node? { node(.dynamicBackground, page: page) }
  /// Page `page`'s wireframe.
  public func wireframe(at page: Int) -> Node? { node(.wireframe, page: page) }
  /// Page `page`'s inner wireframe.
  public func innerWireframe(at page: Int) -> Node? { node(.innerWireframe, page: page) }
  /// The static content's node.
  public func staticContent() -> Node? { node(.staticContent, page: nil) }
  /// Page `page`'s label.
  public func label(at page: Int) -> Node? { node(.labels, page: page) }
  /// Page `page`'s icon.
  public func icon(at page: Int) -> Node? { node(.icons, page: page) }

  /// Rebuilds the layers, and adds the static content's shadow when the spec gives one: cast
  /// by a stand-in of the arc-topped shape just above the backgrounds (the static content is
  /// masked by the arc, and a mask clips its own shadow).
  public override func reloadData() {
    super.reloadData()
    guard let shadow = spec.layout?.staticContentShadow else {
      shadowCaster.removeFromParent()
      return
    }
    let frame = staticContentFrame
    shadowCaster.frame = frame
    var s = SpecBuilder.shadow(shadow)
    if s.path == nil {
      s.path = RoundnessArc(width: frame.width, height: roundnessArc.height).maskPath(
        bottom: frame.height)
    }
    shadowCaster.shadow = s
    root.insertChild(shadowCaster, above: backgroundsScrollNode)
  }

  /// With `"pageStacking": "firstAbove"`, page 0 draws over page 1 over page 2….
  public override func configurePage(_ page: TutorialPage) {
    if spec.layout?.pageStacking == "firstAbove" { page.container.zPosition = -Double(page.index) }
  }

  /// The next page (the first after the last when the spec's pages wrap around).
  public func goForward() { showNextPage() }
}
