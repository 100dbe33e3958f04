import { describe, expect, it } from 'vitest';
import { accountValid, bikValid, correspondentAccountValid, innValid, kppValid, ogrnValid, requisitesProblems, INN_CHECK_MESSAGE } from './requisites.ts';

/** ПАО Сбербанк: its published requisites. */
const SBER = { inn: '7707083893', kpp: '773601001', ogrn: '1027700132195', bik: '044525225', correspondentAccount: '30101810400000000225' };
/** A settlement account at Сбербанк's БИК with a correct key. */
const SBER_ACCOUNT = '40702810938000000001';
/** An individual entrepreneur: ИНН of a person (12 digits) and ОГРНИП (15). */
const IP = { inn: '500100732259', ogrn: '304500116000157' };

/** Every value that differs from `value` in exactly one digit. */
function oneDigitWrong(value: string, positions = [...Array(value.length).keys()]): string[] {
  const wrong: string[] = [];
  for (const i of positions) {
    for (let digit = 0; digit <= 9; digit++) {
      if (String(digit) !== value[i]) wrong.push(value.slice(0, i) + digit + value.slice(i + 1));
    }
  }
  return wrong;
}

describe('check digits of requisites', () => {
  it('accepts real requisites', () => {
    expect(innValid(SBER.inn)).toBe(true);
    expect(innValid('7710140679')).toBe(true); // АО «ТБанк»
    expect(kppValid(SBER.kpp)).toBe(true);
    expect(kppValid('7701AB001')).toBe(true); // the reason may be two capital Latin letters
    expect(ogrnValid(SBER.ogrn)).toBe(true);
    expect(bikValid(SBER.bik)).toBe(true);
    expect(correspondentAccountValid(SBER.correspondentAccount, SBER.bik)).toBe(true);
    expect(correspondentAccountValid('30101810145250000974', '044525974')).toBe(true); // ТБанк
    expect(accountValid(SBER_ACCOUNT, SBER.bik)).toBe(true);
    expect(innValid(IP.inn)).toBe(true);
    expect(ogrnValid(IP.ogrn)).toBe(true);
  });

  it('refuses every ИНН, ОГРН and ОГРНИП with one digit wrong', () => {
    for (const inn of [...oneDigitWrong(SBER.inn), ...oneDigitWrong(IP.inn)]) expect(innValid(inn), inn).toBe(false);
    for (const ogrn of [...oneDigitWrong(SBER.ogrn), ...oneDigitWrong(IP.ogrn)]) expect(ogrnValid(ogrn), ogrn).toBe(false);
  });

  it('refuses every account with one digit wrong, and the right account at another bank', () => {
    for (const account of oneDigitWrong(SBER_ACCOUNT)) expect(accountValid(account, SBER.bik), account).toBe(false);
    for (const account of oneDigitWrong(SBER.correspondentAccount)) expect(correspondentAccountValid(account, SBER.bik), account).toBe(false);
    // A settlement account's key counts the БИК's last three digits, a correspondent account's its fifth and sixth.
    for (const bik of oneDigitWrong(SBER.bik, [6, 7, 8])) expect(accountValid(SBER_ACCOUNT, bik), bik).toBe(false);
    for (const bik of oneDigitWrong(SBER.bik, [4, 5])) expect(correspondentAccountValid(SBER.correspondentAccount, bik), bik).toBe(false);
  });

  it('refuses values of the wrong length or with other characters', () => {
    for (const inn of ['', '770708389', '77070838930', '7707O83893', '50010073225', '5001007322590', ' 7707083893']) expect(innValid(inn), inn).toBe(false);
    for (const ogrn of ['', '102770013219', '10277001321950', '30450011600015', '3045001160001570', '1027700132l95']) expect(ogrnValid(ogrn), ogrn).toBe(false);
    for (const kpp of ['', '77360100', '7736010011', '7736ab001', '77360100A', 'АБВГ01001']) expect(kppValid(kpp), kpp).toBe(false);
    for (const bik of ['', '04452522', '0445252250', '04452522O']) expect(bikValid(bik), bik).toBe(false);
    expect(accountValid('4070281093800000000', SBER.bik)).toBe(false);
    expect(accountValid(SBER_ACCOUNT, '04452522')).toBe(false);
    expect(correspondentAccountValid('301018104000000002251', SBER.bik)).toBe(false);
  });
});

describe('requisitesProblems', () => {
  it('finds nothing wrong with a legal entity or an individual entrepreneur as they are registered', () => {
    expect(requisitesProblems({ ...SBER, account: SBER_ACCOUNT })).toEqual({});
    expect(requisitesProblems({ ...IP, kpp: null, bik: '', account: '', correspondentAccount: '' })).toEqual({});
  });

  it('says which check digit does not match, in Russian', () => {
    expect(requisitesProblems({ ...SBER, inn: '7707083894' })).toEqual({ inn: INN_CHECK_MESSAGE });
    expect(INN_CHECK_MESSAGE).toBe('Неверный ИНН: не сходится контрольное число');
    expect(requisitesProblems({ ...SBER, ogrn: '1027700132196' })).toEqual({ ogrn: 'Неверный ОГРН: не сходится контрольное число' });
    expect(requisitesProblems({ ...IP, ogrn: '304500116000158' })).toEqual({ ogrn: 'Неверный ОГРНИП: не сходится контрольное число' });
    expect(requisitesProblems({ ...SBER, account: '40702810938000000002', correspondentAccount: '30101810400000000226' })).toEqual({
      account: 'Неверный расчётный счёт: не сходится контрольное число с БИК',
      correspondentAccount: 'Неверный корреспондентский счёт: не сходится контрольное число с БИК',
    });
  });

  it('asks for КПП and ОГРН as the ИНН’s kind requires', () => {
    expect(requisitesProblems({ ...SBER, kpp: '' })).toEqual({ kpp: 'Укажите КПП организации' });
    expect(requisitesProblems({ ...IP, kpp: SBER.kpp })).toEqual({ kpp: 'У индивидуального предпринимателя нет КПП: оставьте поле пустым' });
    expect(requisitesProblems({ ...SBER, ogrn: IP.ogrn })).toEqual({ ogrn: 'ОГРН организации: 13 цифр' });
    expect(requisitesProblems({ ...IP, ogrn: SBER.ogrn })).toEqual({ ogrn: 'ОГРНИП: 15 цифр' });
  });

  it('needs the БИК for an account', () => {
    expect(requisitesProblems({ ...SBER, bik: '', account: SBER_ACCOUNT, correspondentAccount: null })).toEqual({ bik: 'Укажите БИК банка' });
    expect(requisitesProblems({ ...SBER, bik: null })).toEqual({ bik: 'Укажите БИК банка' });
  });

  it('leaves malformed fields to their format’s message', () => {
    // A ИНН of 11 digits is neither kind: КПП and ОГРН are not judged by it, and no second message is added.
    expect(requisitesProblems({ ...SBER, inn: '77070838931' })).toEqual({});
    expect(requisitesProblems({ ...SBER, ogrn: '102770013219' })).toEqual({});
    expect(requisitesProblems({ ...SBER, account: '4070281093800000000' })).toEqual({});
    expect(requisitesProblems({ ...SBER, bik: '04452522', account: SBER_ACCOUNT })).toEqual({});
  });
});
