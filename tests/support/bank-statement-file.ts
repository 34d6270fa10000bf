// Bank statement files (1CClientBankExchange) for the tests of reading and applying them.
export type StatementDocument = { number: string; date?: string; sum: string; payerInn?: string; payer?: string; to?: string; purpose: string };

export type StatementFileOptions = { account: string; encodingLine?: string; end?: string };

/** A bank statement as a bank exports it for 1C (1CClientBankExchange) for `account`, as text; encode it as the bank would. */
export function statementFile(
  documents: StatementDocument[],
  { account, encodingLine = "Кодировка=Windows", end = "КонецФайла" }: StatementFileOptions,
): string {
  const lines = [
    "1CClientBankExchange",
    "ВерсияФормата=1.03",
    encodingLine,
    "Отправитель=Бухгалтерия предприятия, редакция 3.0",
    "ДатаСоздания=27.11.2026",
    "ДатаНачала=26.11.2026",
    "ДатаКонца=27.11.2026",
    `РасчСчет=${account}`,
    "Документ=Платежное поручение",
    "СекцияРасчСчет",
    "ДатаНачала=26.11.2026",
    `РасчСчет=${account}`,
    "НачальныйОстаток=100000.00",
    "КонецРасчСчет",
  ];
  for (const doc of documents) {
    lines.push(
      "СекцияДокумент=Платежное поручение",
      `Номер=${doc.number}`,
      `Дата=${doc.date ?? "26.11.2026"}`,
      `Сумма=${doc.sum}`,
      "ПлательщикСчет=40702810100000000777",
      `Плательщик=ИНН ${doc.payerInn ?? "7707083893"} ${doc.payer ?? "ООО «Ромашка»"}`,
      `ПлательщикИНН=${doc.payerInn ?? "7707083893"}`,
      `Плательщик1=${doc.payer ?? "ООО «Ромашка»"}`,
      `ПолучательСчет=${doc.to ?? account}`,
      "Получатель1=ООО «Монетный дом»",
      "ВидОплаты=01",
      `НазначениеПлатежа=${doc.purpose}`,
      "КонецДокумента",
    );
  }
  lines.push(end);
  return lines.join("\r\n") + "\r\n";
}
