/// A screen a route shows above the calendar that is not a form or a question: it ends when the
/// user leaves it (``close()``), and the coordinator then removes its route.
@MainActor
protocol ClosableScreen: AnyObject {
  /// Called once when the screen is left; the coordinator sets it.
  var didClose: @MainActor () -> Void { get set }
}
