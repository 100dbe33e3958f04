import type { Branch } from '#shared/schemas/branches.ts';
import { formatPhone } from '#shared/phone.ts';
import type { PublicSettings } from '#shared/schemas/settings.ts';
import { branchKind, branchServices } from '#client/lib/branch-details.ts';

/** schema.org day codes of the Russian short day names used in the branches' hours. */
const DAYS: Record<string, string> = { Пн: 'Mo', Вт: 'Tu', Ср: 'We', Чт: 'Th', Пт: 'Fr', Сб: 'Sa', Вс: 'Su' };
const DAY = Object.keys(DAYS).join('|');
const RANGE = new RegExp(`(${DAY})(?:\\s*[–-]\\s*(${DAY}))?\\s+(\\d{1,2}):(\\d{2})\\s*[–-]\\s*(\\d{1,2}):(\\d{2})`, 'g');

/** 'Пн–Пт 8:00–18:00, Сб 9:00–15:00' -> ['Mo-Fr 08:00-18:00', 'Sa 09:00-15:00'] (schema.org openingHours). */
export function openingHours(hours: string): string[] {
  return [...hours.matchAll(RANGE)].map(([, from, to, h1, m1, h2, m2]) => {
    const days = to ? `${DAYS[from!]}-${DAYS[to]}` : DAYS[from!];
    return `${days} ${h1!.padStart(2, '0')}:${m1}-${h2!.padStart(2, '0')}:${m2}`;
  });
}

/** 'г. Волгоград, ул. Промышленная, д. 12' -> 'ул. Промышленная, д. 12'. */
const streetOf = (branch: Branch) => branch.address.replace(/^г\.\s*[^,]+,\s*/, '');

/**
 * The company as structured data (about and contacts pages): an Organization whose five
 * branches are LocalBusiness entries with address, phone and opening hours.
 */
export function organizationJsonLd(settings: PublicSettings, branches: Branch[], origin: string): object {
  const { shop } = settings;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: shop.shopName,
    url: `${origin}/`,
    logo: `${origin}/icons/icon-512.png`,
    description: shop.shopDescription || undefined,
    email: shop.contactEmail,
    telephone: formatPhone(shop.contactPhone),
    brand: [
      { '@type': 'Brand', name: 'DCK' },
      { '@type': 'Brand', name: 'P.I.T' },
    ],
    subOrganization: branches.map((b) => ({
      '@type': 'LocalBusiness',
      '@id': `${origin}/contacts#${b.slug}`,
      name: `${shop.shopName} — ${b.city}`,
      description: `${branchKind(b)}: ${branchServices(b).join(', ')}`,
      url: `${origin}/contacts`,
      image: `${origin}/icons/icon-512.png`,
      telephone: formatPhone(b.phone),
      email: shop.contactEmail,
      address: {
        '@type': 'PostalAddress',
        streetAddress: streetOf(b),
        addressLocality: b.city,
      },
      openingHours: openingHours(b.workingHours),
      geo: b.latitude !== null && b.longitude !== null ? { '@type': 'GeoCoordinates', latitude: b.latitude, longitude: b.longitude } : undefined,
      parentOrganization: { '@id': `${origin}/#organization` },
    })),
  };
}
