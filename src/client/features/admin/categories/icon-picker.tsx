import { useRef, type KeyboardEvent } from 'react';
import { CATEGORY_ICON_COMPONENTS } from '#client/components/catalog/category-icon.tsx';
import { cn } from '#client/lib/utils.ts';
import { CATEGORY_ICONS, type CategoryIcon } from '#shared/category-icons.ts';

/** Russian names of the icons, for screen readers and tooltips. */
const ICON_LABELS: Record<CategoryIcon, string> = {
  wrench: 'Гаечный ключ',
  hammer: 'Молоток',
  drill: 'Дрель',
  disc: 'Диск',
  'disc-3': 'Пильный диск',
  nut: 'Гайка',
  bolt: 'Болт',
  sparkles: 'Искры',
  flame: 'Пламя',
  ruler: 'Линейка',
  'battery-charging': 'Аккумулятор',
  'plug-zap': 'Вилка',
  zap: 'Молния',
  cable: 'Кабель',
  trees: 'Деревья',
  axe: 'Топор',
  shovel: 'Лопата',
  pickaxe: 'Кирка',
  paintbrush: 'Кисть',
  'paint-roller': 'Валик',
  'brush-cleaning': 'Щётка',
  'spray-can': 'Баллончик',
  scissors: 'Ножницы',
  'hard-hat': 'Каска',
  construction: 'Стройка',
  cog: 'Шестерня',
  'settings-2': 'Регулировка',
  gauge: 'Манометр',
  fan: 'Вентилятор',
  droplets: 'Капли',
  thermometer: 'Термометр',
  lightbulb: 'Лампа',
  flashlight: 'Фонарь',
  package: 'Упаковка',
  box: 'Коробка',
  toolbox: 'Ящик для инструмента',
  truck: 'Грузовик',
  tractor: 'Трактор',
  car: 'Автомобиль',
  'shield-check': 'Защита',
  'scan-line': 'Сканер',
  layers: 'Слои',
};

/**
 * A visual choice of the category icon: a grid of icons as a radio group (arrow keys move, the
 * chosen one is highlighted).
 */
export function IconPicker({ value, onChange, id }: { value: string; onChange: (icon: CategoryIcon) => void; id?: string }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = Math.max(0, CATEGORY_ICONS.indexOf(value as CategoryIcon));

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = (index + step + CATEGORY_ICONS.length) % CATEGORY_ICONS.length;
    onChange(CATEGORY_ICONS[next]!);
    buttons.current[next]?.focus();
  };

  return (
    <div id={id} role="radiogroup" aria-label="Значок категории" className="flex flex-wrap gap-1.5">
      {CATEGORY_ICONS.map((name, index) => {
        const Icon = CATEGORY_ICON_COMPONENTS[name];
        const checked = value === name;
        return (
          <button
            key={name}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={ICON_LABELS[name]}
            title={ICON_LABELS[name]}
            tabIndex={index === selectedIndex ? 0 : -1}
            onClick={() => onChange(name)}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={cn(
              'flex size-10 items-center justify-center rounded-md border transition-colors',
              checked ? 'border-primary bg-primary text-primary-foreground shadow-sm' : 'border-border bg-background text-foreground hover:border-foreground/40 hover:bg-muted',
            )}
          >
            <Icon className="size-5" aria-hidden />
          </button>
        );
      })}
    </div>
  );
}
