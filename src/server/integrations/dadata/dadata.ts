/**
 * DaData's «Подсказки» API, method «Организация по ИНН или ОГРН» (https://dadata.ru/api/find-party/):
 * `POST {apiUrl}/findById/party` with `Authorization: Token <key>` and `{ "query": "<ИНН>" }`,
 * answered `{ suggestions: [...] }` (empty when the register has no such ИНН). The API URL is the
 * operator's (environment), not something a person typed, so Node's own fetch is used rather than
 * safe-fetch. A failure of any kind is a DadataError: the customer types the fields by hand.
 */
import type { Config } from '../../config.ts';
import { ApiError } from '../../core/api-error.ts';

export type DadataConfig = NonNullable<Config['dadata']>;

/** The fields of a party the shop reads; DaData sends many more. */
export type DadataParty = {
  value: string;
  unrestricted_value?: string;
  data: {
    inn?: string | null;
    kpp?: string | null;
    ogrn?: string | null;
    type?: 'LEGAL' | 'INDIVIDUAL';
    branch_type?: 'MAIN' | 'BRANCH' | null;
    name?: { full_with_opf?: string | null; short_with_opf?: string | null } | null;
    address?: { value?: string | null; unrestricted_value?: string | null; data?: { postal_code?: string | null } | null } | null;
    state?: { status?: string | null; liquidation_date?: number | null } | null;
  };
};

export class DadataError extends ApiError {
  override name = 'DadataError';
}

/** A customer waits on the form: better to type by hand than to wait long. */
const TIMEOUT_MS = 7_000;

/** The parties registered under this ИНН: the organisation and its branches, or one entrepreneur; empty when none. */
export async function findPartiesByInn(config: DadataConfig, inn: string): Promise<DadataParty[]> {
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}/findById/party`, {
      method: 'POST',
      headers: { authorization: `Token ${config.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: inn }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new DadataError(`DaData findById/party: ${(error as Error).message}`, null);
  }
  const text = await response.text();
  // 401 no key, 403 an unknown key or an unconfirmed e-mail, 413 too long, 429 too many requests.
  if (!response.ok) throw new DadataError(`DaData findById/party: ${response.status} ${text.slice(0, 200)}`, response.status);
  let parsed: { suggestions?: unknown };
  try {
    parsed = JSON.parse(text) as { suggestions?: unknown };
  } catch {
    throw new DadataError('DaData findById/party: the answer is not JSON', response.status);
  }
  if (!Array.isArray(parsed.suggestions)) throw new DadataError('DaData findById/party: no suggestions in the answer', response.status);
  return parsed.suggestions as DadataParty[];
}
