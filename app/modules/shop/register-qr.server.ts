import QRCode from "qrcode";

let made: { url: string; dataUri: string } | undefined;

/**
 * A QR code of the shop's entry in the Assay Chamber's register, as an SVG data URI for an <img>: a buyer points
 * a phone's camera at /contacts to check the seller. The address is a setting, so one code is kept.
 */
export async function registerQrDataUri(url: string): Promise<string> {
  if (made?.url === url) return made.dataUri;
  const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#1f1b16", light: "#ffffff" } });
  made = { url, dataUri: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` };
  return made.dataUri;
}
