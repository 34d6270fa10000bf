import { describe, expect, it } from "vitest";
import { occurrenceKey } from "./events.ts";
import { type OutboxSettings, recipientsOf } from "./outbox.server.ts";

const settings: OutboxSettings = {
  shop: { name: "Аурум", publicUrl: "https://aurum.example", phone: "+7 (495) 269-69-99", email: "info@aurum.example" },
  staffEmails: ["manager@aurum.example"],
  staffTelegramChat: "-100",
};
const alert = {
  id: 7,
  channel: "sms" as const,
  buyer: { name: "Иван", phone: "+79161112233", email: "ivan@example.ru" },
  coin: { name: "Георгий", slug: "georgiy" },
  price: 94_500,
  threshold: 95_000,
  day: "2026-11-23",
  token: "abcdefghijklmnopqrstuvwxyz012345",
};

describe("alert messages in the outbox", () => {
  it("go to the buyer by the one channel the alert was made for, never to the staff", () => {
    expect(recipientsOf({ kind: "alert_price_below", alert }, settings)).toEqual([{ audience: "buyer", channel: "sms", address: "+79161112233" }]);
    expect(recipientsOf({ kind: "alert_in_stock", alert: { ...alert, channel: "email" } }, settings)).toEqual([
      { audience: "buyer", channel: "email", address: "ivan@example.ru" },
    ]);
  });

  it("carry the Moscow day in their key: one message per alert a day, a new one the next day", () => {
    const today = occurrenceKey({ kind: "alert_price_below", alert });
    expect(occurrenceKey({ kind: "alert_price_below", alert: { ...alert, price: 90_000 } })).toBe(today);
    expect(occurrenceKey({ kind: "alert_price_below", alert: { ...alert, day: "2026-11-24" } })).not.toBe(today);
  });
});

describe("a buyer's linked Telegram", () => {
  const telegram = { chatId: "7001", kinds: ["alerts" as const, "launches" as const], linkedAt: new Date() };
  const withBot = { ...settings, buyerTelegram: true };
  const launch = { id: 3, channel: "sms" as const, buyer: alert.buyer, coin: alert.coin, buyerCap: null };

  it("gets the events of the groups the buyer chose, besides the usual channel", () => {
    expect(recipientsOf({ kind: "alert_price_below", alert }, withBot, telegram)).toEqual([
      { audience: "buyer", channel: "sms", address: "+79161112233" },
      { audience: "buyer", channel: "telegram", address: "7001" },
    ]);
    expect(recipientsOf({ kind: "launch_opened", launch }, withBot, { ...telegram, kinds: [] })).toEqual([
      { audience: "buyer", channel: "sms", address: "+79161112233" },
    ]);
  });

  it("is the one channel of a launch subscription made by Telegram, and a missing chat is a skipped row", () => {
    expect(recipientsOf({ kind: "launch_opened", launch: { ...launch, channel: "telegram" } }, withBot, { ...telegram, kinds: [] })).toEqual([
      { audience: "buyer", channel: "telegram", address: "7001" },
    ]);
    expect(recipientsOf({ kind: "launch_opened", launch: { ...launch, channel: "telegram" } }, withBot)).toEqual([
      { audience: "buyer", channel: "telegram", address: "", missing: "Telegram покупателя не подключён" },
    ]);
  });

  it("gets nothing when the shop has no bot for buyers", () => {
    expect(recipientsOf({ kind: "alert_price_below", alert }, settings, telegram)).toEqual([{ audience: "buyer", channel: "sms", address: "+79161112233" }]);
  });
});
