import Foundation
import Strata
import StrataExamples
import Testing

/// The animals example takes its bear from an SVG file and its blue jay from a JPEG
/// photograph, both in Examples/Animals/Assets, through the asset catalogue.
@Suite struct AnimalsAssetsTests {
  /// The picture on page `page`'s print.
  func picture(_ page: Int, name: String) throws -> Image {
    let tutorial = AnimalsTutorial(pageSize: Size(width: 375, height: 667), locale: nil)
    tutorial.setPagePosition(Double(page))
    let node = try #require(tutorial.scene().node(named: name), "page \(page) has its \(name)")
    guard case .image(let image, _) = node.content else {
      Issue.record("the \(name) shows an image")
      throw CancellationError()
    }
    return image
  }

  @Test func theBearIsTheSVGIllustration() throws {
    guard case .vector(let bear) = try picture(0, name: "illustration") else {
      Issue.record("an SVG is drawn as vectors, sharp at every scale")
      return
    }
    #expect(bear.size == Size(width: 160, height: 140))
    // Its gradients and its group opacity came through the import.
    func hasGroup(_ items: [VectorImage.Item]) -> Bool {
      items.contains {
        if case .group(let g) = $0 { return g.opacity < 1 || hasGroup(g.items) }
        return false
      }
    }
    #expect(hasGroup(bear.items))
    #expect(bear.shapes.contains { if case .radial? = $0.fill { true } else { false } })
  }

  @Test func theBlueJayIsTheJPEGPhotograph() throws {
    guard case .raster(let photo) = try picture(1, name: "photograph") else {
      Issue.record("a JPEG is a bitmap")
      return
    }
    // 420 × 300 pixels at @3x: 140 × 100 points.
    #expect(photo.width == 420 && photo.height == 300)
    #expect(photo.size == Size(width: 140, height: 100))
  }
}
