/// Where frames are shown: the real terminal (`CursesSurface`) or memory (`MemorySurface`).
///
/// A screen's drawing code cannot tell them apart: it draws a `Frame`, and the loop hands the
/// frame to whichever surface it runs on.
public protocol Surface: AnyObject {
    /// The size frames should be drawn at now.
    var size: Size { get }
    /// Shows `frame`, sending only what changed since the last one where the surface can.
    func present(_ frame: Frame)
}
