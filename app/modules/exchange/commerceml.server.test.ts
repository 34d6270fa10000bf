import { describe, expect, it } from "vitest";
import { decodeXml, readImportFile, readOffersFile } from "./commerceml.server.ts";
import { encodeSingleByte } from "../shared/single-byte-encoding.ts";

const importXml = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.08" ДатаФормирования="2026-11-27T10:00:00">
  <Классификатор>
    <Ид>cls</Ид>
    <Группы>
      <Группа><Ид>g-gold</Ид><Наименование>Золото</Наименование>
        <Группы><Группа><Ид>g-gold-inv</Ид><Наименование>Инвестиционные</Наименование></Группа></Группы>
      </Группа>
    </Группы>
  </Классификатор>
  <Каталог СодержитТолькоИзменения="false">
    <Ид>cat</Ид>
    <Товары>
      <Товар>
        <Ид>7f1c2a3b-0000-4000-8000-000000000001</Ид>
        <Артикул>AU-0001</Артикул>
        <Наименование>Георгий Победоносец &amp; 50 рублей</Наименование>
        <Описание><![CDATA[<p>Золото 999</p>]]></Описание>
        <Группы><Ид>g-gold-inv</Ид></Группы>
      </Товар>
      <Товар Статус="Удален"><Ид>old</Ид><Наименование>Снятая монета</Наименование></Товар>
    </Товары>
  </Каталог>
</КоммерческаяИнформация>`;

const offersXml = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.08">
  <ПакетПредложений СодержитТолькоИзменения="true">
    <ТипыЦен><ТипЦены><Ид>retail</Ид><Наименование>Розничная</Наименование></ТипЦены></ТипыЦен>
    <Склады><Склад><Ид>w1</Ид><Наименование>Москва</Наименование></Склад><Склад><Ид>w2</Ид><Наименование>СПб</Наименование></Склад></Склады>
    <Предложения>
      <Предложение>
        <Ид>good-1</Ид>
        <Цены><Цена><ИдТипаЦены>retail</ИдТипаЦены><ЦенаЗаЕдиницу>1 234,50</ЦенаЗаЕдиницу><Валюта>RUB</Валюта></Цена></Цены>
        <Количество>9</Количество>
        <Склад ИдСклада="w1" КоличествоНаСкладе="3"/><Склад ИдСклада="w2" КоличествоНаСкладе="4"/>
      </Предложение>
      <Предложение>
        <Ид>good-2#variant</Ид>
        <Остатки><Остаток><Склад><Ид>w1</Ид><Количество>2</Количество></Склад></Остаток></Остатки>
      </Предложение>
      <Предложение><Ид>good-3</Ид><Количество>5</Количество></Предложение>
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>`;

const text = (xml: string) => {
  const decoded = decodeXml(Buffer.from(xml));
  if (!decoded.ok) throw new Error(decoded.reason);
  return decoded.text;
};

describe("CommerceML import.xml", () => {
  it("reads the goods, their groups, deletions and the classifier's nested groups", () => {
    const read = readImportFile(text(importXml));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.file.onlyChanges).toBe(false);
    expect(read.file.groups).toEqual([
      { id: "g-gold", name: "Золото", parentId: null },
      { id: "g-gold-inv", name: "Инвестиционные", parentId: "g-gold" },
    ]);
    expect(read.file.goods).toEqual([
      expect.objectContaining({
        id: "7f1c2a3b-0000-4000-8000-000000000001",
        article: "AU-0001",
        name: "Георгий Победоносец & 50 рублей",
        description: "<p>Золото 999</p>",
        groupIds: ["g-gold-inv"],
        deleted: false,
      }),
      expect.objectContaining({ id: "old", article: "", deleted: true }),
    ]);
  });

  it("reads a windows-1251 file by its declaration", () => {
    const cp1251 = encodeSingleByte(importXml.replace('encoding="UTF-8"', 'encoding="windows-1251"'), "windows-1251");
    const decoded = decodeXml(cp1251);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    const read = readImportFile(decoded.text);
    expect(read.ok && read.file.goods[0]!.name).toBe("Георгий Победоносец & 50 рублей");
    expect(decodeXml(Buffer.from('<?xml version="1.0" encoding="KOI8-R"?><a/>'))).toEqual({
      ok: false,
      reason: "кодировка koi8-r не поддерживается: нужна UTF-8 или windows-1251",
    });
    expect(decodeXml(Buffer.from([0x3c, 0x61, 0xff, 0x3e]))).toEqual({ ok: false, reason: "файл не в кодировке utf-8, указанной в нём" });
  });

  it("refuses an external entity (XXE) and an entity bomb without expanding anything", () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><КоммерческаяИнформация><Каталог><Товары><Товар><Ид>1</Ид><Наименование>&xxe;</Наименование></Товар></Товары></Каталог></КоммерческаяИнформация>`;
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ""};`.repeat(10)}">`).join("")}]><КоммерческаяИнформация><Каталог><Товары><Товар><Ид>1</Ид><Наименование>&lol9;</Наименование></Товар></Товары></Каталог></КоммерческаяИнформация>`;
    for (const xml of [xxe, laughs]) {
      const read = readImportFile(xml);
      expect(read).toEqual({ ok: false, reason: expect.stringContaining("DOCTYPE не допускается") });
    }
    // Without a DOCTYPE, an entity nobody declared is an error too, not an empty string.
    expect(
      readImportFile(
        `<КоммерческаяИнформация><Каталог><Товары><Товар><Ид>1</Ид><Наименование>&xxe;</Наименование></Товар></Товары></Каталог></КоммерческаяИнформация>`,
      ),
    ).toEqual({
      ok: false,
      reason: expect.stringContaining("XML не разобран: строка 1"),
    });
  });

  it("names the line of broken XML and the good that is wrong", () => {
    expect(readImportFile(importXml.replace("</Артикул>", "</Артикл>"))).toEqual({ ok: false, reason: "XML не разобран: строка 16: unexpected close tag." });
    expect(readImportFile(importXml.replace("<Наименование>Снятая монета</Наименование>", ""))).toEqual({
      ok: false,
      reason: "Товар old (строка 21): нет наименования",
    });
    expect(readImportFile(offersXml)).toEqual({ ok: false, reason: "в файле нет ни Каталога, ни Классификатора: это не import.xml CommerceML" });
  });
});

describe("CommerceML offers.xml", () => {
  it("reads prices and stock: summed over warehouses in both forms, or the plain quantity", () => {
    const read = readOffersFile(text(offersXml));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.file.onlyChanges).toBe(true);
    expect(read.file.priceTypes).toEqual([{ id: "retail", name: "Розничная" }]);
    expect(read.file.warehouses.map((store) => store.id)).toEqual(["w1", "w2"]);
    expect(read.file.offers.map(({ line: _line, ...offer }) => offer)).toEqual([
      {
        id: "good-1",
        goodId: "good-1",
        article: "",
        prices: [{ priceTypeId: "retail", value: 1234.5, currency: "RUB" }],
        quantity: 7,
        warehouses: [
          { id: "w1", quantity: 3 },
          { id: "w2", quantity: 4 },
        ],
      },
      { id: "good-2#variant", goodId: "good-2", article: "", prices: [], quantity: 2, warehouses: [{ id: "w1", quantity: 2 }] },
      { id: "good-3", goodId: "good-3", article: "", prices: [], quantity: 5, warehouses: [] },
    ]);
  });

  it("refuses an offer with a price that is no number, naming it", () => {
    expect(readOffersFile(offersXml.replace("1 234,50", "много"))).toEqual({ ok: false, reason: "Предложение good-1 (строка 9): цена «много» не число" });
  });
});
