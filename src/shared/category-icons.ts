/**
 * Icons a category may carry: lucide-react icon names (kebab-case) offered by the admin's icon
 * picker. The server accepts only these; the client maps each name to its component.
 */
export const CATEGORY_ICONS = [
  'wrench',
  'hammer',
  'drill',
  'disc',
  'disc-3',
  'nut',
  'bolt',
  'sparkles',
  'flame',
  'ruler',
  'battery-charging',
  'plug-zap',
  'zap',
  'cable',
  'trees',
  'axe',
  'shovel',
  'pickaxe',
  'paintbrush',
  'paint-roller',
  'brush-cleaning',
  'spray-can',
  'scissors',
  'hard-hat',
  'construction',
  'cog',
  'settings-2',
  'gauge',
  'fan',
  'droplets',
  'thermometer',
  'lightbulb',
  'flashlight',
  'package',
  'box',
  'toolbox',
  'truck',
  'tractor',
  'car',
  'shield-check',
  'scan-line',
  'layers',
] as const;

export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

export const DEFAULT_CATEGORY_ICON: CategoryIcon = 'wrench';

export const isCategoryIcon = (name: string): name is CategoryIcon => (CATEGORY_ICONS as readonly string[]).includes(name);
