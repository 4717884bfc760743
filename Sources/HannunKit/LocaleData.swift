#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// ICU's locale data, for the one answer of `hannun`'s that needs it: a new ledger's currency,
/// its region's. `hannun` links FoundationEssentials alone (loading corelibs Foundation and ICU
/// cost every one-shot command about as much as the rest of its start-up), and
/// FoundationEssentials' `Locale` knows no region's currency.
enum LocaleData {
  /// Loads FoundationInternationalization into this process, once, if it is not there yet: every
  /// `Locale` made after is then ICU's (the library replaces FoundationEssentials' locale with its
  /// own as it loads). `false` when the library could not be loaded.
  static let loaded: Bool = {
    #if os(Linux)
      return dlopen("libFoundationInternationalization.so", RTLD_NOW | RTLD_GLOBAL) != nil
    #else
      return true
    #endif
  }()
}
