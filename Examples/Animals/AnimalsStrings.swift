import Strata

/// The animals onboarding's text in each of its languages.
extension AnimalsTutorial {
  /// The text of one language: the page titles, the body and the button's title.
  public struct Strings: Sendable {
    /// The three page titles.
    public let titles: [String]
    /// The body text of every page (it wraps to the label's width).
    public let body: String
    /// The start button's title.
    public let start: String
  }

  /// The languages the onboarding speaks, by locale identifier; the first is the default.
  public static let translations: [(locale: String, strings: Strings)] = [
    (
      "en",
      Strings(
        titles: ["BEARS", "BIRDS", "ELEPHANTS"],
        body: "Our quality prints are the perfect way to enjoy your best memories!",
        start: "LET'S START")
    ),
    (
      "de",
      Strings(
        titles: ["BÄREN", "VÖGEL", "ELEFANTEN"],
        body:
          "Unsere hochwertigen Drucke sind der perfekte Weg, deine schönsten Erinnerungen zu genießen!",
        start: "LOS GEHT'S")
    ),
    (
      "fr",
      Strings(
        titles: ["OURS", "OISEAUX", "ÉLÉPHANTS"],
        body:
          "Nos tirages de qualité sont la façon idéale de profiter de vos plus beaux souvenirs !",
        start: "C'EST PARTI")
    ),
    (
      "es",
      Strings(
        titles: ["OSOS", "PÁJAROS", "ELEFANTES"],
        body:
          "¡Nuestras impresiones de calidad son la forma perfecta de disfrutar tus mejores recuerdos!",
        start: "EMPEZAR")
    ),
    (
      "ar",
      Strings(
        titles: ["الدببة", "الطيور", "الفيلة"],
        body: "مطبوعاتنا عالية الجودة هي الطريقة المثالية للاستمتاع بأجمل ذكرياتك!",
        start: "لنبدأ")
    ),
    (
      "he",
      Strings(
        titles: ["דובים", "ציפורים", "פילים"],
        body: "ההדפסות האיכותיות שלנו הן הדרך המושלמת ליהנות מהזיכרונות הכי יפים שלך!",
        start: "בואו נתחיל")
    ),
  ]

  /// The locales written right to left: the onboarding lays its pages out mirrored in them.
  public static let rightToLeftLocales: Set<String> = ["ar", "he"]

  /// The locale identifiers of ``translations``.
  public static var locales: [String] { translations.map(\.locale) }

  /// The English text.
  public static var english: Strings { translations[0].strings }
  /// The page titles, in English.
  public static var titles: [String] { english.titles }
  /// The body text of every page, in English (it wraps to the label's width).
  public static var body: String { english.body }
}
