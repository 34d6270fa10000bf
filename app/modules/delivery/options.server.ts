import { deliveryLabel } from "./labels.ts";
import { withoutPaidTwins } from "./pricing.ts";
import type { DeliveryProvider, DeliveryQuote, Parcel } from "./provider.ts";
import type { DeliveryGroup, DeliveryItem } from "./rules.ts";

/** An offered delivery item with its Russian label and what it costs. */
export type DeliveryOption = DeliveryItem & { label: string; quote: DeliveryQuote };
/** A delivery group with priced items; it is still a DeliveryGroup for the rules of rules.ts. */
export type DeliveryOptionGroup = Omit<DeliveryGroup, "items"> & { items: DeliveryOption[] };

/**
 * The checkout's delivery choices for a city and parcel: the provider's groups in their
 * order, each item with its label and quote. Items the provider cannot quote are left
 * out, so is a paid item whose free twin is offered (withoutPaidTwins: one option per
 * service), and so is a group left without items (so the first-group rules of rules.ts
 * see only what can be chosen). An unknown city gives []; a provider fault is thrown as
 * DeliveryProviderError for the page to say delivery is unavailable for now.
 */
export async function deliveryOptions(provider: DeliveryProvider, cityCode: string, parcel: Parcel): Promise<DeliveryOptionGroup[]> {
  const groups = await provider.deliveryGroups(cityCode);
  const priced = await Promise.all(
    groups.map(async (group) => {
      const items = await Promise.all(
        group.items.map(async (item): Promise<DeliveryOption | undefined> => {
          const quote = await provider.quote(cityCode, item.id, parcel);
          return quote && { id: item.id, pvz: item.pvz, label: deliveryLabel(item.id) ?? group.name, quote };
        }),
      );
      return { name: group.name, type: group.type, items: items.filter((item) => item !== undefined) };
    }),
  );
  return withoutPaidTwins(priced).filter((group) => group.items.length > 0);
}
