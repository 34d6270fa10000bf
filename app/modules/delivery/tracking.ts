/** CDEK's public tracking page of a parcel. */
export function cdekTrackingUrl(trackingNumber: string): string {
  return `https://www.cdek.ru/ru/tracking/?order_id=${encodeURIComponent(trackingNumber)}`;
}
