/**
 * Requisites for tests only (the demo shop has none: it invents no company): a seller whose ИНН,
 * ОГРН and accounts pass the check digits, at a real bank's БИК and correspondent account, and an
 * organisation of a customer to buy from it.
 */
import type { SellerRequisites } from '#shared/schemas/seller-requisites.ts';

export const TEST_SELLER_REQUISITES: SellerRequisites = {
  legalName: 'Общество с ограниченной ответственностью «Тест-Инструмент»',
  inn: '3444012349',
  kpp: '344401001',
  ogrn: '1123444001230',
  legalAddress: '400005, г. Волгоград, ул. Тестовая, д. 1',
  bankName: 'ПАО Сбербанк',
  bik: '044525225',
  account: '40702810200000012345',
  correspondentAccount: '30101810400000000225',
  director: 'Иванов Иван Иванович',
  chiefAccountant: 'Петрова Анна Сергеевна',
  invoiceValidDays: 5,
};

export const TEST_BUYER_ORGANIZATION = {
  name: 'ООО «Стройка-Юг»',
  inn: '7708123450',
  kpp: '770801001',
  ogrn: '1027700123450',
  legalAddress: '123456, г. Москва, ул. Строителей, д. 5',
  bik: '044525225',
  account: '40702810200000012345',
  correspondentAccount: '30101810400000000225',
};
