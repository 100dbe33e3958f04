/**
 * Check digits of Russian company requisites (issue 27): ИНН and ОГРН by the ФНС's rules, a bank
 * account's key against its БИК by the Банк России's rule. Shared: the forms say at once what
 * the server will refuse.
 */

const digitsOf = (value: string) => [...value].map(Number);

/** ИНН's control digit over the leading digits with the given weights. */
const innDigit = (digits: number[], weights: number[]) => (weights.reduce((sum, weight, i) => sum + weight * digits[i]!, 0) % 11) % 10;

export const INN_CHECK_MESSAGE = 'Неверный ИНН: не сходится контрольное число';

/** ИНН of a legal entity (10 digits) or of a person, individual entrepreneur included (12). */
export function innValid(inn: string): boolean {
  const d = digitsOf(inn);
  if (/^\d{10}$/.test(inn)) return innDigit(d, [2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  if (/^\d{12}$/.test(inn)) return innDigit(d, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && innDigit(d, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11];
  return false;
}

/** ОГРН (13 digits: the first 12 modulo 11) or ОГРНИП (15 digits: the first 14 modulo 13), last digit of the rest. */
export function ogrnValid(ogrn: string): boolean {
  if (!/^(\d{13}|\d{15})$/.test(ogrn)) return false;
  const modulus = ogrn.length === 13 ? 11n : 13n;
  return Number((BigInt(ogrn.slice(0, -1)) % modulus) % 10n) === Number(ogrn.at(-1));
}

/** КПП: the tax office (4 digits), the reason (2 digits or capital Latin letters), the number (3 digits). */
export const kppValid = (kpp: string) => /^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp);

export const bikValid = (bik: string) => /^\d{9}$/.test(bik);

/** The Банк России's key: 23 digits weighted 7, 1, 3 over and over; the last digits of the products sum to a multiple of 10. */
function accountKeyValid(digits: string): boolean {
  const weights = [7, 1, 3];
  return digitsOf(digits).reduce((sum, digit, i) => sum + ((digit * weights[i % 3]!) % 10), 0) % 10 === 0;
}

/** A settlement account (20 digits) at the bank of this БИК: its key counts the БИК's last three digits. */
export const accountValid = (account: string, bik: string) => /^\d{20}$/.test(account) && bikValid(bik) && accountKeyValid(bik.slice(-3) + account);

/** A bank's correspondent account (20 digits): its key counts «0» and the БИК's fifth and sixth digits. */
export const correspondentAccountValid = (account: string, bik: string) =>
  /^\d{20}$/.test(account) && bikValid(bik) && accountKeyValid(`0${bik.slice(4, 6)}${account}`);

/** Company requisites as forms hold them (null or '' when not given). */
export interface Requisites {
  inn: string;
  kpp?: string | null;
  ogrn?: string | null;
  bik?: string | null;
  account?: string | null;
  correspondentAccount?: string | null;
}

/**
 * What is wrong with a set of requisites, by field, beyond each field's own format: the check
 * digits, КПП and ОГРН as the ИНН's kind requires, accounts with their БИК. A field that is not
 * well formed already has its format's message, so it is not judged again here, and a malformed
 * ИНН tells no kind to judge КПП and ОГРН by.
 */
export function requisitesProblems(value: Requisites): Partial<Record<keyof Requisites, string>> {
  const problems: Partial<Record<keyof Requisites, string>> = {};
  const kind = /^\d{10}$/.test(value.inn) ? 'legal' : /^\d{12}$/.test(value.inn) ? 'individual' : null;
  if (kind && !innValid(value.inn)) problems.inn = INN_CHECK_MESSAGE;
  if (kind === 'legal' && !value.kpp) problems.kpp = 'Укажите КПП организации';
  if (kind === 'individual' && value.kpp) problems.kpp = 'У индивидуального предпринимателя нет КПП: оставьте поле пустым';
  if (kind && value.ogrn && /^(\d{13}|\d{15})$/.test(value.ogrn)) {
    const legal = kind === 'legal';
    if (legal && value.ogrn.length !== 13) problems.ogrn = 'ОГРН организации: 13 цифр';
    else if (!legal && value.ogrn.length !== 15) problems.ogrn = 'ОГРНИП: 15 цифр';
    else if (!ogrnValid(value.ogrn)) problems.ogrn = `Неверный ${legal ? 'ОГРН' : 'ОГРНИП'}: не сходится контрольное число`;
  }
  if ((value.account || value.correspondentAccount) && !value.bik) problems.bik = 'Укажите БИК банка';
  const bik = value.bik && bikValid(value.bik) ? value.bik : null;
  const wellFormed = (account: string | null | undefined): account is string => Boolean(account && /^\d{20}$/.test(account));
  if (bik && wellFormed(value.account) && !accountValid(value.account, bik)) problems.account = 'Неверный расчётный счёт: не сходится контрольное число с БИК';
  if (bik && wellFormed(value.correspondentAccount) && !correspondentAccountValid(value.correspondentAccount, bik)) {
    problems.correspondentAccount = 'Неверный корреспондентский счёт: не сходится контрольное число с БИК';
  }
  return problems;
}
