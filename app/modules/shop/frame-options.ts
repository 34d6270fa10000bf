/**
 * How the frame changes on the named routes of spec section 2: on 'cart' and
 * 'checkout' the header sticks to the top and the quotes bar shows from lg up;
 * on 'partners' the free-delivery banner is hidden.
 */
export type FrameOptions = { stickyHeader: boolean; hideDeliveryBanner: boolean };

const stickyHeaderRoutes = new Set(["cart", "checkout"]);
const noDeliveryBannerRoutes = new Set(["partners"]);

export function frameOptions(routeIds: string[]): FrameOptions {
  return {
    stickyHeader: routeIds.some((id) => stickyHeaderRoutes.has(id)),
    hideDeliveryBanner: routeIds.some((id) => noDeliveryBannerRoutes.has(id)),
  };
}
