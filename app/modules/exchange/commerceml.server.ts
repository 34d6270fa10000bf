import { SaxesParser } from "saxes";
import type { Outcome } from "../shared/failure.ts";

/**
 * Reading CommerceML 2 (2.05–2.10) files from 1C and МойСклад: import.xml (the goods) and
 * offers.xml (stock and prices). Parsed as a stream by saxes, a maintained parser that expands no
 * entity it is not told of: a DOCTYPE is refused outright, so there is no external entity (XXE)
 * and no entity expansion (billion laughs). Only the elements the shop reads are kept (one good
 * or offer at a time), so a large catalogue is never held as a whole tree.
 */

/** An element kept while reading: its name, attributes, text and children; `line` for the error messages. */
export type XmlNode = { name: string; attributes: Record<string, string>; children: XmlNode[]; text: string; line: number };

export type CatalogGood = {
  /** Ид: a GUID in 1C. */
  id: string;
  article: string;
  name: string;
  description: string;
  groupIds: string[];
  /** Its ЗначенияСвойств (named by the Классификатор's Свойства) and ЗначенияРеквизитов, as name and value. */
  properties: Array<{ name: string; value: string }>;
  /** Статус="Удален" or ПометкаУдаления: the good was deleted in 1C. */
  deleted: boolean;
  line: number;
};

export type ImportFile = { kind: "import"; onlyChanges: boolean; groups: Array<{ id: string; name: string; parentId: string | null }>; goods: CatalogGood[] };

export type Offer = {
  /** The offer's Ид: the good's, or "good#characteristic" for a variant. */
  id: string;
  goodId: string;
  article: string;
  prices: Array<{ priceTypeId: string; value: number; currency: string }>;
  /** Количество, or the sum over warehouses when the file lists them. */
  quantity: number | null;
  warehouses: Array<{ id: string; quantity: number }>;
  line: number;
};

export type OffersFile = {
  kind: "offers";
  onlyChanges: boolean;
  priceTypes: Array<{ id: string; name: string }>;
  warehouses: Array<{ id: string; name: string }>;
  offers: Offer[];
};

/** A file 1C sends, decoded by the encoding its XML declaration names (UTF-8 when none; a BOM is dropped). */
export function decodeXml(bytes: Buffer): Outcome<{ text: string }> {
  const head = bytes.subarray(0, 200).toString("latin1");
  const declared = /^(?:\xEF\xBB\xBF)?<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9_-]+)["']/.exec(head)?.[1]?.toLowerCase();
  const encoding =
    declared === undefined || declared === "utf-8" || declared === "utf8"
      ? "utf-8"
      : declared === "windows-1251" || declared === "cp1251"
        ? "windows-1251"
        : undefined;
  if (!encoding) return { ok: false, reason: `кодировка ${declared} не поддерживается: нужна UTF-8 или windows-1251` };
  try {
    return { ok: true, text: new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes) };
  } catch {
    return { ok: false, reason: `файл не в кодировке ${encoding}, указанной в нём` };
  }
}

/**
 * Streams `text`, calling `keep` with each element whose name is in `kept` (with its whole subtree)
 * and `open` with every opening tag's path. A malformed document, a DOCTYPE or an unknown entity
 * ends it with the line and the reason.
 */
function streamXml(
  text: string,
  kept: ReadonlySet<string>,
  keep: (node: XmlNode, path: readonly string[]) => void,
  open?: (name: string, attributes: Record<string, string>, path: readonly string[]) => void,
): Outcome {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const path: string[] = [];
  const stack: XmlNode[] = [];
  let failed: string | undefined;
  parser.on("doctype", () => {
    throw new XmlRefusal(`строка ${parser.line}: DOCTYPE не допускается (объявления сущностей в файлах обмена не нужны)`);
  });
  parser.on("opentag", (tag) => {
    const attributes = tag.attributes as Record<string, string>;
    open?.(tag.name, attributes, path);
    if (stack.length > 0 || kept.has(tag.name)) {
      const node: XmlNode = { name: tag.name, attributes, children: [], text: "", line: parser.line };
      stack.at(-1)?.children.push(node);
      stack.push(node);
    }
    path.push(tag.name);
  });
  const addText = (value: string) => {
    const node = stack.at(-1);
    if (node) node.text += value;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", () => {
    path.pop();
    const node = stack.pop();
    if (node && stack.length === 0) keep(node, path);
  });
  parser.on("error", (error) => {
    throw new XmlRefusal(`строка ${parser.line}: ${error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, "")}`);
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof XmlRefusal) failed = error.message;
    else throw error;
  }
  return failed ? { ok: false, reason: `XML не разобран: ${failed}` } : { ok: true };
}

class XmlRefusal extends Error {}

const child = (node: XmlNode, name: string) => node.children.find((item) => item.name === name);
const childText = (node: XmlNode, name: string) => child(node, name)?.text.trim() ?? "";
const childrenOf = (node: XmlNode | undefined, name: string) => node?.children.filter((item) => item.name === name) ?? [];

/** "1 234,50" → 1234.5; undefined for anything that is not a number. */
export function parseNumber(text: string): number | undefined {
  const cleaned = text.replace(/[\s\u00a0]/g, "").replace(",", ".");
  if (!/^-?\d+(?:\.\d+)?$/.test(cleaned)) return undefined;
  return Number(cleaned);
}

/** A named error for the answer to 1C: which element, where. */
const at = (what: string, line: number, reason: string) => `${what} (строка ${line}): ${reason}`;

/** Reads import.xml: the groups and the goods; the first bad good refuses the file, naming it. */
export function readImportFile(text: string): Outcome<{ file: ImportFile }> {
  const file: ImportFile = { kind: "import", onlyChanges: false, groups: [], goods: [] };
  let problem: string | undefined;
  let sawCatalog = false;
  const properties = new Map<string, { name: string; options: Map<string, string> }>();
  const parsed = streamXml(
    text,
    new Set(["Товар", "Группа", "Свойство"]),
    (node, path) => {
      if (problem) return;
      if (node.name === "Свойство") {
        if (path.at(-1) === "Свойства" && path.includes("Классификатор")) readProperty(node, properties);
        return;
      }
      if (node.name === "Группа") {
        if (path.includes("Классификатор")) readGroups(node, null, file.groups);
        return;
      }
      if (path.at(-1) !== "Товары") return;
      const id = childText(node, "Ид");
      const name = childText(node, "Наименование");
      if (!id) problem = at("Товар без Ид", node.line, "у каждого товара должен быть Ид");
      else if (!name) problem = at(`Товар ${id}`, node.line, "нет наименования");
      else {
        const deletionMark = childText(node, "ПометкаУдаления").toLowerCase() === "true";
        file.goods.push({
          id,
          article: childText(node, "Артикул"),
          name,
          description: childText(node, "Описание"),
          groupIds: childrenOf(child(node, "Группы"), "Ид").map((group) => group.text.trim()),
          properties: goodProperties(node, properties),
          deleted: node.attributes["Статус"] === "Удален" || deletionMark,
          line: node.line,
        });
      }
    },
    (name, attributes) => {
      if (name === "Каталог") {
        sawCatalog = true;
        file.onlyChanges = attributes["СодержитТолькоИзменения"] === "true";
      }
    },
  );
  if (!parsed.ok) return parsed;
  if (problem) return { ok: false, reason: problem };
  if (!sawCatalog && file.groups.length === 0) return { ok: false, reason: "в файле нет ни Каталога, ни Классификатора: это не import.xml CommerceML" };
  return { ok: true, file };
}

/** A property of the Классификатор: its name, and the values of a list property (Справочник) by their Ид. */
function readProperty(node: XmlNode, into: Map<string, { name: string; options: Map<string, string> }>) {
  const id = childText(node, "Ид");
  if (!id) return;
  const options = new Map(
    childrenOf(child(node, "ВариантыЗначений"), "Справочник").map((option) => [childText(option, "ИдЗначения"), childText(option, "Значение")]),
  );
  into.set(id, { name: childText(node, "Наименование"), options });
}

/** A good's property values by name (a list value by its text) and its requisites; at most 100, each cut to 200 characters. */
function goodProperties(node: XmlNode, known: Map<string, { name: string; options: Map<string, string> }>): CatalogGood["properties"] {
  const values = childrenOf(child(node, "ЗначенияСвойств"), "ЗначенияСвойства").flatMap((item) => {
    const property = known.get(childText(item, "Ид"));
    if (!property) return [];
    const value = childText(item, "Значение");
    return [{ name: property.name, value: property.options.get(value) ?? value }];
  });
  const requisites = childrenOf(child(node, "ЗначенияРеквизитов"), "ЗначениеРеквизита").map((item) => ({
    name: childText(item, "Наименование"),
    value: childText(item, "Значение"),
  }));
  return [...values, ...requisites].slice(0, 100).map(({ name, value }) => ({ name: name.slice(0, 200), value: value.slice(0, 200) }));
}

function readGroups(node: XmlNode, parentId: string | null, into: ImportFile["groups"]) {
  const id = childText(node, "Ид");
  if (!id) return;
  into.push({ id, name: childText(node, "Наименование"), parentId });
  for (const nested of childrenOf(child(node, "Группы"), "Группа")) readGroups(nested, id, into);
}

/** Reads offers.xml: price types, warehouses and the offers; the first bad offer refuses the file, naming it. */
export function readOffersFile(text: string): Outcome<{ file: OffersFile }> {
  const file: OffersFile = { kind: "offers", onlyChanges: false, priceTypes: [], warehouses: [], offers: [] };
  let problem: string | undefined;
  let sawPackage = false;
  const parsed = streamXml(
    text,
    new Set(["Предложение", "ТипЦены", "Склад"]),
    (node, path) => {
      if (problem) return;
      if (node.name === "ТипЦены" && path.at(-1) === "ТипыЦен") file.priceTypes.push({ id: childText(node, "Ид"), name: childText(node, "Наименование") });
      else if (node.name === "Склад" && path.at(-1) === "Склады") file.warehouses.push({ id: childText(node, "Ид"), name: childText(node, "Наименование") });
      else if (node.name === "Предложение" && path.at(-1) === "Предложения") {
        const read = readOffer(node);
        if (read.ok) file.offers.push(read.offer);
        else problem = read.reason;
      }
    },
    (name, attributes) => {
      if (name === "ПакетПредложений" || name === "ИзмененияПакетаПредложений") {
        sawPackage = true;
        file.onlyChanges = name === "ИзмененияПакетаПредложений" || attributes["СодержитТолькоИзменения"] === "true";
      }
    },
  );
  if (!parsed.ok) return parsed;
  if (problem) return { ok: false, reason: problem };
  if (!sawPackage) return { ok: false, reason: "в файле нет ПакетаПредложений: это не offers.xml CommerceML" };
  return { ok: true, file };
}

function readOffer(node: XmlNode): Outcome<{ offer: Offer }> {
  const id = childText(node, "Ид");
  if (!id) return { ok: false, reason: at("Предложение без Ид", node.line, "у каждого предложения должен быть Ид") };
  const what = `Предложение ${id}`;
  const prices: Offer["prices"] = [];
  for (const price of childrenOf(child(node, "Цены"), "Цена")) {
    const value = parseNumber(childText(price, "ЦенаЗаЕдиницу"));
    if (value === undefined || value < 0) return { ok: false, reason: at(what, price.line, `цена «${childText(price, "ЦенаЗаЕдиницу")}» не число`) };
    prices.push({ priceTypeId: childText(price, "ИдТипаЦены"), value, currency: childText(price, "Валюта") || "RUB" });
  }
  // Stock per warehouse: <Склад ИдСклада КоличествоНаСкладе/> (2.05–2.07) or <Остатки><Остаток><Склад><Ид/><Количество/> (2.08+).
  const warehouses: Offer["warehouses"] = [];
  for (const store of childrenOf(node, "Склад")) {
    const quantity = parseNumber(store.attributes["КоличествоНаСкладе"] ?? "");
    if (quantity === undefined) return { ok: false, reason: at(what, store.line, "количество на складе не число") };
    warehouses.push({ id: store.attributes["ИдСклада"] ?? "", quantity });
  }
  let restQuantity: number | undefined;
  for (const rest of childrenOf(child(node, "Остатки"), "Остаток")) {
    const store = child(rest, "Склад");
    const quantity = parseNumber(childText(store ?? rest, "Количество"));
    if (quantity === undefined) return { ok: false, reason: at(what, rest.line, "остаток не число") };
    if (store) warehouses.push({ id: childText(store, "Ид"), quantity });
    else restQuantity = (restQuantity ?? 0) + quantity;
  }
  const quantityText = childText(node, "Количество");
  const quantity = quantityText ? parseNumber(quantityText) : undefined;
  if (quantityText && quantity === undefined) return { ok: false, reason: at(what, node.line, `количество «${quantityText}» не число`) };
  const total = warehouses.length > 0 ? warehouses.reduce((sum, store) => sum + store.quantity, 0) : (quantity ?? restQuantity ?? null);
  return { ok: true, offer: { id, goodId: id.split("#", 1)[0]!, article: childText(node, "Артикул"), prices, quantity: total, warehouses, line: node.line } };
}

/** One order of an orders.xml from 1C: its number (or our Ид), the status 1C gives it, whether 1C cancelled it. */
export type OrderStatusFromOneC = {
  number: string;
  id: string;
  statusName: string;
  /** «Статуса заказа ИД»: the status's code in 1C (Bitrix's letters, "N", "F"…), when 1C sends it. */
  statusId: string;
  cancelled: boolean;
  line: number;
};

/**
 * orders.xml (type=sale&mode=file): the Документ elements with their ЗначенияРеквизитов «Статус
 * заказа» (or «Статус»), «Статуса заказа ИД» and «Отменен» / ПометкаУдаления; nothing else of them is read.
 */
export function readOrdersFile(text: string): Outcome<{ orders: OrderStatusFromOneC[] }> {
  const orders: OrderStatusFromOneC[] = [];
  let root: string | undefined;
  const read = streamXml(
    text,
    new Set(["Документ"]),
    (node) => {
      const requisites = new Map(
        childrenOf(child(node, "ЗначенияРеквизитов"), "ЗначениеРеквизита").map((item) => [childText(item, "Наименование"), childText(item, "Значение")]),
      );
      const yes = (value: string | undefined) => value?.toLowerCase() === "true";
      orders.push({
        number: childText(node, "Номер"),
        id: childText(node, "Ид"),
        statusName: requisites.get("Статус заказа") ?? requisites.get("Статус") ?? "",
        statusId: requisites.get("Статуса заказа ИД") ?? requisites.get("Статус заказа ИД") ?? "",
        cancelled: yes(requisites.get("Отменен")) || yes(childText(node, "ПометкаУдаления")),
        line: node.line,
      });
    },
    (name, _attributes, path) => {
      if (path.length === 0) root = name;
    },
  );
  if (!read.ok) return read;
  if (root !== "КоммерческаяИнформация") return { ok: false, reason: "это не документ CommerceML: нет КоммерческаяИнформация" };
  return { ok: true, orders };
}
