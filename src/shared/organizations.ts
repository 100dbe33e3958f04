/** A customer's organisation as the API shows it (issue 27). */
export interface Organization {
  id: number;
  name: string;
  inn: string;
  /** A legal entity's КПП; null for an individual entrepreneur. */
  kpp: string | null;
  /** ОГРН (13 digits) or ОГРНИП (15). */
  ogrn: string;
  legalAddress: string;
  bik: string | null;
  account: string | null;
  correspondentAccount: string | null;
}

/** The organisation an order was placed for, copied into the order when it was placed. */
export type OrderBuyerCompany = Omit<Organization, 'id'> & { organizationId: number };

/** GET /api/organizations: the customer's organisations, and whether the form may fill them by ИНН (DaData is configured). */
export interface OrganizationsAnswer {
  organizations: Organization[];
  innLookup: boolean;
}

/** What a look-up by ИНН found: the form's fields (null where the register has nothing). */
export interface OrganizationFound {
  name: string;
  inn: string;
  kpp: string | null;
  ogrn: string | null;
  legalAddress: string | null;
}

/**
 * GET /api/organizations/lookup?inn=…: the fields found, with a warning when the organisation is
 * not simply active (liquidating, bankrupt, being reorganised); or why nothing can be filled (no
 * such ИНН, the organisation is liquidated).
 */
export type OrganizationLookup = { found: true; fields: OrganizationFound; warning: string | null } | { found: false; message: string };

/** «Покупатель» of an order as the API answers it: a private person, or the organisation as it was when ordered. */
export type OrderBuyer = { type: 'person' } | ({ type: 'company' } & OrderBuyerCompany);

/** «ИНН 7707083893, КПП 773601001» (an individual entrepreneur has no КПП). */
export const taxIdsText = (company: Pick<Organization, 'inn' | 'kpp'>) => [`ИНН ${company.inn}`, ...(company.kpp ? [`КПП ${company.kpp}`] : [])].join(', ');

/** «ПАО Сбербанк, ИНН 7707083893, КПП 773601001»: the organisation as the order pages, letters and staff name it. */
export const companyText = (company: Pick<Organization, 'name' | 'inn' | 'kpp'>) => `${company.name}, ${taxIdsText(company)}`;
