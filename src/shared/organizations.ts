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
