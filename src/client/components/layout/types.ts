import type { ShopSettings } from '#shared/schemas/settings.ts';
import type { Category, PublicUser } from '#shared/types.ts';

/** What the shell shows; the app layer fills it from the session, settings and cart. */
export type ShellProps = {
  shop: ShopSettings;
  user: PublicUser | null;
  categories: Category[];
  cartCount: number;
  onLogout: () => void;
  logoutPending: boolean;
};
