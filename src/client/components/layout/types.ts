import type { Branch } from '#shared/schemas/branches.ts';
import type { ShopSettings } from '#shared/schemas/settings.ts';
import type { Category, PublicUser } from '#shared/types.ts';

/** What the shell shows; the app layer fills it from the session and settings. */
export type ShellProps = {
  shop: ShopSettings;
  user: PublicUser | null;
  categories: Category[];
  /** Every branch (footer addresses, the city choice) and the customer's city. */
  branches: Branch[];
  city: Branch | null;
  onLogout: () => void;
  logoutPending: boolean;
};
