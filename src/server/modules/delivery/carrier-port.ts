/**
 * What delivery needs from a carrier (СДЭК today), without knowing who provides it: its prices
 * and days for a set of parcels between two cities, and its pickup points in a city. The carrier
 * integration provides it for its database at start-up (`provideCarrier`); without a provider
 * (no credentials) the shop offers its own delivery only. Modules never import integrations.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import type { CarrierMethod, DeliveryPoint } from '#shared/delivery.ts';

/** One packed line: grams and millimetres. */
export type Parcel = { weightGrams: number; lengthMm: number; widthMm: number; heightMm: number };

/** The carrier's own price (kopecks, before the shop's margin) and days for one of its ways. */
export type CarrierQuote = { method: CarrierMethod; tariffCode: number; priceKopecks: number; daysMin: number; daysMax: number };

export type CarrierLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type DeliveryCarrier = {
  /** The cheapest tariff of each way the carrier offers from `fromCity` to `toCity`; empty when it offers none or does not know a city. */
  quote: (fromCity: string, toCity: string, parcels: readonly Parcel[], log: CarrierLog) => Promise<CarrierQuote[]>;
  /** The carrier's pickup points in a city; empty when it has none there. */
  points: (city: string, log: CarrierLog) => Promise<DeliveryPoint[]>;
};

const providers = new WeakMap<Db, DeliveryCarrier>();

export function provideCarrier(db: Db, carrier: DeliveryCarrier): void {
  providers.set(db, carrier);
}

export const carrierOf = (db: Db): DeliveryCarrier | null => providers.get(db) ?? null;
