// The code Docs/Hosting.md shows for showing an onboarding in an app (its blocks are excerpts
// of this file, checked to be here); compiled against the stand-ins on Linux.
import Strata
import StrataHost
import StrataRecords
import StrataUIKit
import SwiftUI
import UIKit

/// The onboarding the examples show.
final class Welcome: TutorialController, LabelDataSource {
  var numberOfPages: Int { 3 }
  func label(at page: Int) -> Node? {
    TextNode(
      text: TextContent("Page \(page + 1)"), frame: Rect(x: 20, y: 80, width: 300, height: 40))
  }
}

// UIKit: present it once, keeping the show-once record.
final class LaunchViewController: UIViewController {
  let records = MemoryRecordStore()

  func showOnboardingIfNeeded() {
    let record = records.record(for: "welcome")
    guard case .show(let page) = OnboardingRecord.decide(record, version: 2) else { return }
    let welcome = Welcome()
    welcome.setPagePosition(Double(page))
    let onboarding = StrataOnboardingViewController(
      controller: welcome, scale: 3, records: (records, "welcome", 2)
    ) { outcome in
      switch outcome {
      case .finished, .skipped: print("onboarding done: \(outcome)")
      case .left(let page): print("left on page \(page)")
      }
    }
    present(onboarding, animated: true)
  }
}

// SwiftUI: a full-screen cover that goes when the onboarding ends.
struct RootView: View {
  @State private var showsOnboarding = true

  var body: some View {
    Text("Home")
      .fullScreenCover(isPresented: $showsOnboarding) {
        StrataOnboardingView(onOutcome: { _ in showsOnboarding = false }) { Welcome() }
          .ignoresSafeArea()
      }
  }
}
