import { z } from './z.ts';

/** GET /api/cart/{cartId}/delivery: one way, prices in roubles, days null when none is promised. */
export const DeliveryOptionSchema = z.object({
  method: z.enum(['delivery', 'cdek-door', 'cdek-point']),
  title: z.string(),
  price: z.number(),
  daysMin: z.number().int().nullable(),
  daysMax: z.number().int().nullable(),
  total: z.number(),
  vatInTotal: z.number(),
});

/** GET /api/delivery/points. */
export const DeliveryPointSchema = z.object({
  code: z.string(),
  address: z.string(),
  workingHours: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** From the city's centre; the list comes nearest first. */
  distanceKm: z.number().nullable(),
});
