/**
 * The icons of the storefront's server-rendered pages, by their lucide names. `scripts/generate-icon-css.ts`
 * draws each one into `src/client/icons.css`; a name ending in `-filled` is the same shape filled.
 */
export const ICON_NAMES = [
  'arrow-down',
  'arrow-left',
  'chart-column',
  'check',
  'chevron-down',
  'chevron-left',
  'chevron-right',
  'chevron-up',
  'clock',
  'heart',
  'heart-filled',
  'house',
  'info',
  'layout-grid',
  'list',
  'loader-circle',
  'log-out',
  'mail',
  'map-pin',
  'menu',
  'message-square',
  'newspaper',
  'package-search',
  'package-x',
  'phone',
  'rotate-ccw',
  'search',
  'shield-check',
  'shopping-cart',
  'star',
  'star-filled',
  'truck',
  'user',
  'wrench',
  'zap',
] as const;

export type IconName = (typeof ICON_NAMES)[number];
