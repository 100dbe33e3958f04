import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../core/http-errors.ts';
import { formatDate } from '#shared/dates.ts';
import type { OrganizationFound, OrganizationLookup } from '#shared/organizations.ts';
import { DadataError, findPartiesByInn, type DadataConfig, type DadataParty } from './dadata.ts';

export const LOOKUP_UNAVAILABLE = 'Сервис проверки ИНН сейчас недоступен, заполните поля вручную';
export const LOOKUP_NOT_CONFIGURED = 'Поиск организации по ИНН не подключён: заполните поля вручную';

export const notFoundMessage = (inn: string) => `Организация или ИП с ИНН ${inn} не найдены. Проверьте ИНН или заполните поля вручную`;

/** What DaData's states other than ACTIVE and LIQUIDATED mean for a buyer: the fields are filled, with this said beside them. */
const WARNINGS: Record<string, string> = {
  LIQUIDATING: 'Организация в процессе ликвидации',
  BANKRUPT: 'Организация в процессе банкротства',
  REORGANIZING: 'Организация в процессе реорганизации',
};

/** The legal address as documents write it: the postal code first, then the address DaData standardised. */
function legalAddress(address: NonNullable<DadataParty['data']['address']>): string | null {
  const line = address.value || address.unrestricted_value || null;
  const postalCode = address.data?.postal_code;
  return line && postalCode && !line.startsWith(postalCode) ? `${postalCode}, ${line}` : line;
}

/** DaData's party as the shop's organisation fields. */
export function organizationFields(party: DadataParty, inn: string): OrganizationFound {
  const { data } = party;
  const individual = data.type === 'INDIVIDUAL';
  return {
    name: data.name?.short_with_opf || data.name?.full_with_opf || party.value,
    inn: data.inn || inn,
    // An individual entrepreneur has no КПП.
    kpp: individual ? null : data.kpp || null,
    ogrn: data.ogrn || null,
    legalAddress: data.address ? legalAddress(data.address) : null,
  };
}

/** A liquidated organisation (an entrepreneur who has stopped trading) cannot buy: said instead of the fields. */
function liquidatedMessage(party: DadataParty, name: string): string {
  const date = party.data.state?.liquidation_date;
  const when = typeof date === 'number' ? ` (${formatDate(new Date(date))})` : '';
  return party.data.type === 'INDIVIDUAL'
    ? `${name} прекратил деятельность${when}. Проверьте ИНН`
    : `Организация «${name}» ликвидирована${when}. Проверьте ИНН`;
}

/**
 * The requisites registered under a ИНН whose check digits match. Any failure of DaData (refused
 * key, too many requests, no answer) is logged and answered 502 with «заполните поля вручную».
 */
export async function lookupOrganization(config: DadataConfig, inn: string, log: FastifyBaseLogger): Promise<OrganizationLookup> {
  let parties: DadataParty[];
  try {
    parties = await findPartiesByInn(config, inn);
  } catch (error) {
    if (!(error instanceof DadataError)) throw error;
    log.error({ err: error, status: error.status }, 'DaData look-up failed');
    throw new HttpError(502, LOOKUP_UNAVAILABLE);
  }
  // The organisation itself, not one of its branches (which share its ИНН).
  const party = parties.find((p) => p.data?.branch_type !== 'BRANCH') ?? parties[0];
  if (!party?.data) return { found: false, message: notFoundMessage(inn) };
  const fields = organizationFields(party, inn);
  const status = party.data.state?.status ?? 'ACTIVE';
  if (status === 'LIQUIDATED') return { found: false, message: liquidatedMessage(party, fields.name) };
  return { found: true, fields, warning: WARNINGS[status] ?? null };
}
