import { HEAD_BRANCH_SLUG, type Branch } from '#shared/schemas/branches.ts';

// What the pages about the branches show (apart from lib/branches.ts, which every page loads first).

/** 'Головной офис' or 'Филиал'. */
export const branchKind = (branch: Pick<Branch, 'slug'>) => (branch.slug === HEAD_BRANCH_SLUG ? 'Головной офис' : 'Филиал');

/** What a branch offers: sales everywhere, free pickup of orders where it hands them out. */
export const branchServices = (branch: Pick<Branch, 'pickup'>) => ['Розница и опт', ...(branch.pickup ? ['Бесплатный самовывоз заказов'] : [])];

/** The branch on Yandex Maps by its coordinates (no map script on our pages); by the address when it has none. */
export const mapHref = (branch: Pick<Branch, 'address' | 'latitude' | 'longitude'>) =>
  branch.latitude !== null && branch.longitude !== null
    ? `https://yandex.ru/maps/?pt=${branch.longitude},${branch.latitude}&z=16&l=map`
    : `https://yandex.ru/maps/?text=${encodeURIComponent(branch.address)}`;
