/// The optional test peers, found once: independent implementations that tests compare Strata
/// with when they are installed (`.ci/run` installs them), and skip, saying so, when not.
public enum Peers {
  /// `resvg`, installed by `pip install resvg-cli`.
  public static let resvg = findProgram("resvg")
  /// `python3`, present on every machine this project runs on.
  public static let python = findProgram("python3")
  /// `perl`, whose `Unicode::UCD` is the Unicode Character Database the generated tables
  /// come from.
  public static let perl = findProgram("perl")
  /// Whether Python can import fontTools (`pip install fonttools`).
  public static let hasFontTools = pythonCanRun("import fontTools")
  /// Whether Python can import uharfbuzz (`pip install uharfbuzz`): an independent shaper.
  public static let hasHarfBuzz = pythonCanRun("import uharfbuzz")
  /// Whether Python can import python-bidi (`pip install python-bidi`).
  public static let hasPythonBidi = pythonCanRun("from bidi import get_display")
  /// Whether Python can import uniseg (`pip install uniseg`): an independent implementation
  /// of the line breaking algorithm.
  public static let hasUniseg = pythonCanRun("from uniseg.linebreak import line_break_boundaries")
  /// Whether Python can import Pillow (`pip install pillow`): an independent PNG and JPEG
  /// decoder to compare with.
  public static let hasPillow = pythonCanRun("import PIL.Image, PIL.ImageOps")
  /// Chromium (`apt-get install chromium`): a browser's CSS flexbox to compare layouts with.
  public static let chromium =
    findProgram("chromium") ?? findProgram("chromium-browser") ?? findProgram("google-chrome")
  /// Whether Python can import rlottie-python (`pip install rlottie-python`): Samsung's
  /// rlottie, an independent Lottie renderer to compare with.
  public static let hasRLottie = pythonCanRun("import rlottie_python")
  /// Whether Python can import jsonschema (`pip install jsonschema`).
  public static let hasJSONSchema = pythonCanRun("import jsonschema")

  /// The Unicode version of Perl's character database, when Perl and `Unicode::UCD` are there.
  public static let perlUnicodeVersion: String? = {
    guard let perl,
      let r = try? runCapturing(
        perl, ["-MUnicode::UCD", "-e", "print Unicode::UCD::UnicodeVersion()"]),
      r.status == 0
    else { return nil }
    return r.out
  }()

  /// Whether Python runs `line` without an error.
  public static func pythonCanRun(_ line: String) -> Bool {
    guard let python else { return false }
    return (try? runProgram(python, ["-c", line])) == 0
  }
}
