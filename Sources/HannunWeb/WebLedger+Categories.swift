import HannunDomain

extension WebLedger {
  /// The ledger's categories, most used first, as a JSON array of strings: what the add form
  /// suggests, from the device's category list (``CategoryListViewModel/namesByUse``). Empty
  /// when they cannot be read.
  func categoriesJSON(access: Access) async -> String {
    let list = await device(access).coordinator.categoryList(of: nil)
    return "[" + list.namesByUse.map { JSONQuoting.quoted($0) }.joined(separator: ",") + "]"
  }
}
