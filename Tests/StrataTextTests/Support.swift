import Foundation
@_exported import StrataTestSupport

/// The folder of this test target (its `Fixtures/` hold the scripts the peers run).
let testDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
