/**
 * How the frame changes on the named routes of spec section 2: on 'cart' and 'checkout'
 * the header sticks to the top and the quotes bar shows from lg up; on 'partners' the
 * free-delivery banner is hidden. Each of those routes says so in its own `handle`
 * (`export const handle = { frame: { stickyHeader: true } } satisfies FrameHandle`), which
 * the default layout reads through its matches (docs/decisions/028-route-facts-in-handle.md).
 */
export type FrameOptions = { stickyHeader: boolean; hideDeliveryBanner: boolean };

export type FrameHandle = { frame?: Partial<FrameOptions> };

/** The frame for the matched routes' handles: an option is on when any route turns it on. */
export function frameOptions(handles: unknown[]): FrameOptions {
  const asked = handles.map((handle) => (handle && typeof handle === "object" ? (handle as FrameHandle).frame : undefined) ?? {});
  return {
    stickyHeader: asked.some((frame) => frame.stickyHeader === true),
    hideDeliveryBanner: asked.some((frame) => frame.hideDeliveryBanner === true),
  };
}
