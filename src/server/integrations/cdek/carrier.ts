/**
 * СДЭК as the shop's carrier (the delivery module's DeliveryCarrier port): a city's code by its
 * name, the cheapest tariff of each way («до двери», «до пункта выдачи») for the cart's parcels,
 * and the city's pickup points. The parcel is handed to СДЭК at its office in the shipping
 * branch's city or collected there by its courier, whichever tariff is cheaper. What СДЭК
 * answered is kept a while per process: cities for a day, points for an hour, tariffs for ten
 * minutes (the same cart asked again while the customer fills the form).
 */
import type { CarrierLog, CarrierQuote, DeliveryCarrier, Parcel } from '../../modules/delivery/carrier-port.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../core/time.ts';
import { CdekError, deliveryPointsOf, findCities, tariffList, type CdekCity, type CdekConfig, type CdekDeliveryPoint, type CdekPackage, type CdekTariff } from './cdek.ts';
import type { CarrierMethod, DeliveryPoint } from '#shared/delivery.ts';

/**
 * СДЭК's delivery modes (`delivery_mode` of a tariff): 1 дверь-дверь, 2 дверь-склад, 3 склад-дверь,
 * 4 склад-склад (склад: a СДЭК office). Parcel lockers (6, 7) are left out: tools are too large for most cells.
 */
const MODES: Record<CarrierMethod, readonly number[]> = { 'cdek-door': [1, 3], 'cdek-point': [2, 4] };

class Kept<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  constructor(private readonly ttlMs: number) {}
  async get(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept && kept.until > Date.now()) return kept.value;
    const value = await load();
    this.entries.set(key, { value, until: Date.now() + this.ttlMs });
    return value;
  }
}

/** Whole centimetres, at least one: СДЭК measures packages so. */
const cm = (mm: number) => Math.max(1, Math.ceil(mm / 10));
export const toPackage = (p: Parcel): CdekPackage => ({ weight: Math.max(1, p.weightGrams), length: cm(p.lengthMm), width: cm(p.widthMm), height: cm(p.heightMm) });

/** The cheapest tariff of each way; equal prices: the faster. */
export function cheapestByMethod(tariffs: readonly CdekTariff[]): CarrierQuote[] {
  const quotes: CarrierQuote[] = [];
  for (const method of Object.keys(MODES) as CarrierMethod[]) {
    const best = tariffs
      .filter((t) => MODES[method].includes(t.delivery_mode) && Number.isFinite(t.delivery_sum))
      .sort((a, b) => a.delivery_sum - b.delivery_sum || a.period_max - b.period_max)[0];
    if (best) {
      quotes.push({ method, tariffCode: best.tariff_code, priceKopecks: Math.round(best.delivery_sum * 100), daysMin: best.period_min, daysMax: best.period_max });
    }
  }
  return quotes;
}

type Place = { latitude?: number | null; longitude?: number | null };

/** Great-circle distance in km, one decimal; null unless both places have coordinates. */
function distanceKm(a: Place, b: Place): number | null {
  if (a.latitude == null || a.longitude == null || b.latitude == null || b.longitude == null) return null;
  const rad = Math.PI / 180;
  const h = Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)) * 10) / 10;
}

/** The city's points nearest its centre first; those without coordinates last, in СДЭК's order. */
function pointsOf(city: CdekCity, found: CdekDeliveryPoint[]): DeliveryPoint[] {
  const points = found.map((p) => ({
    code: p.code,
    address: p.location.address,
    workingHours: p.work_time ?? '',
    latitude: p.location.latitude ?? null,
    longitude: p.location.longitude ?? null,
    distanceKm: distanceKm(city, p.location),
  }));
  return points.sort((a, b) => (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity));
}

export function cdekCarrier(config: CdekConfig): DeliveryCarrier & { cityCode: (name: string) => Promise<number | null> } {
  const cities = new Kept<CdekCity | null>(DAY_MS);
  const points = new Kept<DeliveryPoint[]>(HOUR_MS);
  const tariffs = new Kept<CarrierQuote[]>(10 * MINUTE_MS);

  /** The city of that name; where several regions have one, СДЭК's first (it lists the larger first). */
  const cityNamed = (name: string) =>
    cities.get(name.toLowerCase(), async () => {
      const found = await findCities(config, name);
      return found.find((c) => c.city.toLowerCase() === name.toLowerCase()) ?? null;
    });
  const cityCode = async (name: string) => (await cityNamed(name))?.code ?? null;

  const failed = (log: CarrierLog, what: string, error: unknown) => {
    if (!(error instanceof CdekError)) throw error;
    log.warn({ err: error, status: error.status, details: error.details }, `cdek ${what} failed`);
  };

  return {
    cityCode,
    async quote(fromCity, toCity, parcels, log) {
      try {
        const [from, to] = await Promise.all([cityCode(fromCity), cityCode(toCity)]);
        if (from === null || to === null) return [];
        const packages = parcels.map(toPackage);
        return await tariffs.get(JSON.stringify([from, to, packages]), async () => cheapestByMethod(await tariffList(config, from, to, packages)));
      } catch (error) {
        failed(log, 'tariffs', error);
        return [];
      }
    },
    async points(city, log) {
      try {
        const found = await cityNamed(city);
        if (found === null) return [];
        return await points.get(String(found.code), async () => pointsOf(found, await deliveryPointsOf(config, found.code)));
      } catch (error) {
        failed(log, 'delivery points', error);
        return [];
      }
    },
  };
}
