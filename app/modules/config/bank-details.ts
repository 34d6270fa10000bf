/**
 * The seller's bank details on an invoice, checked as a bank checks them: a БИК of a Russian bank
 * and accounts whose control digit (the 9th) agrees with that БИК (the Bank of Russia's key
 * algorithm, weights 7-1-3 over 23 digits). A typo in an account would send a company's money
 * nowhere, so the shop refuses to start with one.
 */

/** БИК: 9 digits, «04» for banks in Russia. */
export function isValidBik(bik: string): boolean {
  return /^04\d{7}$/.test(bik);
}

/** A расчётный счёт at the bank of `bik`: its key is computed over the БИК's last three digits and the account. */
export function isValidSettlementAccount(account: string, bik: string): boolean {
  return /^\d{20}$/.test(account) && isValidBik(bik) && keyHolds(bik.slice(-3) + account);
}

/** The bank's корреспондентский счёт (301…): its key is computed over «0», the БИК's 5th and 6th digits and the account. */
export function isValidCorrespondentAccount(account: string, bik: string): boolean {
  return /^301\d{17}$/.test(account) && isValidBik(bik) && keyHolds(`0${bik.slice(4, 6)}${account}`);
}

function keyHolds(digits: string): boolean {
  const weights = [7, 1, 3];
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += (Number(digits[i]) * weights[i % 3]!) % 10;
  return sum % 10 === 0;
}
