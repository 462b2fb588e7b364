import Foundation
import Strata
import StrataRender
import Testing

// The message types are internal to the preview: the page is the only other party.
// @testable: these tests reach internals: PageMessage, WebSocket, ServerMessage.
@testable import StrataPreview

/// The page's messages are read once into their types, and the server's are written from
/// theirs.
@Suite struct PreviewMessageTests {
  @Test func pageMessagesAreReadIntoTheirTypes() {
    #expect(PageMessage.parse(#"{"type":"ack"}"#) == .success(.ack))
    #expect(
      PageMessage.parse(#"{"type":"touch","phase":"move","x":12.5,"y":3}"#)
        == .success(.touch(.move, Point(x: 12.5, y: 3))))
    #expect(PageMessage.parse(#"{"type":"scrub","position":1.5}"#) == .success(.scrub(1.5)))
    var s = PageMessage.Settings()
    s.reader.layoutDirection = .rightToLeft
    s.reader.contentSize = .accessibility2
    s.size = .set(Size(width: 390, height: 844), written: "390x844")
    #expect(
      PageMessage.parse(
        #"{"type":"settings","rtl":true,"textSize":"accessibility2","size":"390x844"}"#)
        == .success(.settings(s)))
    var pager = PageMessage.Settings()
    pager.pager = PagerSettings(isCircular: true, axis: .vertical, autoplayInterval: 2)
    #expect(
      PageMessage.parse(#"{"type":"settings","circular":true,"vertical":true,"autoplay":2}"#)
        == .success(.settings(pager)))
    var refused = PageMessage.Settings()
    refused.size = .refused("9x9")
    #expect(PageMessage.parse(#"{"type":"settings","size":"9x9"}"#) == .success(.settings(refused)))
  }

  @Test func badPageMessagesSayWhatIsWrong() {
    func problem(_ text: String) -> String? {
      if case .failure(let p) = PageMessage.parse(text) { return p.message }
      return nil
    }
    #expect(problem("[1]") == "not a JSON message with a type")
    #expect(problem(#"{"type":"fly"}"#) == "unknown message type 'fly'")
    #expect(problem(#"{"type":"touch","phase":"hover","x":1,"y":1}"#)?.hasPrefix("a touch") == true)
    #expect(
      problem(#"{"type":"touch","phase":"down","x":"1","y":1}"#)?.hasPrefix("a touch") == true)
    #expect(problem(#"{"type":"scrub","position":"far"}"#) == "a scrub needs a finite position")
  }

  @Test func serverMessagesAreJSONWithSortedKeys() throws {
    let frame = ServerMessage.frame(
      number: 3, position: 0.5, page: 0, pageCount: 3, size: Size(width: 375, height: 667),
      time: 1.25)
    #expect(
      frame.json
        == #"{"height":667.0,"n":3,"page":0,"pageCount":3,"position":0.5,"time":1.25,"type":"frame","width":375.0}"#
    )
    let error = ServerMessage.error("a \"quoted\" word\n")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(error.json.utf8)) as? [String: String])
    #expect(object == ["type": "error", "message": "a \"quoted\" word\n"])
    #expect(ServerMessage.reloaded.json == #"{"type":"reloaded"}"#)
    #expect(ServerMessage.event(json: #"{"a":1}"#).json == #"{"event":{"a":1},"type":"event"}"#)
  }

  @Test func opcodesAndCloseCodesHaveTheirRFCNumbers() {
    #expect(WebSocket.Opcode.ping.rawValue == 9 && WebSocket.Opcode.pong.rawValue == 10)
    #expect(WebSocket.Opcode.close.isControl && !WebSocket.Opcode.text.isControl)
    #expect(WebSocket.close(code: .goingAway, reason: "")[2...3] == [0x03, 0xE9])
    #expect(
      WebSocket.Failure.tooBig(1).code == .tooBig && WebSocket.CloseCode.tooBig.rawValue == 1009)
  }
}

/// The preview offers the names and screens the rest of Strata uses, from the same lists.
@Suite struct PreviewVocabularyTests {
  @Test func thePageOffersEveryTextSizeAndEveryAuditedScreen() {
    let page = PreviewPage.html(title: "t")
    for size in ContentSize.allCases {
      let selected = size == .large ? " selected" : ""
      #expect(page.contains("<option\(selected)>\(size.rawValue)</option>"), "\(size)")
    }
    for device in LayoutAudit.Device.matrix {
      #expect(page.contains(">\(device.description)</option>"), "\(device)")
    }
  }

  /// Every screen the page offers is a size the settings message accepts.
  @Test func everyOfferedScreenIsAccepted() throws {
    for device in LayoutAudit.Device.matrix {
      let w = Int(device.size.width)
      let h = Int(device.size.height)
      #expect(PreviewPage.sizeOptions.contains("value=\"\(w)x\(h)\""), "\(device)")
    }
  }
}
