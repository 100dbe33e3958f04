import { NO_PARCEL_SIZE, readSideMm, readWeightGrams, type ParcelSize, type SizeReading } from '#shared/parcel-size.ts';
import { child, childrenOf, textAt, type XmlNode } from './commerceml/xml-stream.ts';

/**
 * A 1C product's packed weight and size: the Товар's own `<Вес>` (CommerceML 2.05 and later) or the
 * requisite «Вес», and the requisites «Длина», «Ширина», «Высота» that typical configurations
 * (УТ, КА, УНФ) send from the item's card. CommerceML carries no unit with them; these
 * configurations keep weight in kilograms and sizes in centimetres by default, so that is how they
 * are read (docs/decisions/037). A figure that cannot be read, or is beyond what the shop ships
 * (a weight kept in grams reads as over 1000 kg), is left out and said in the exchange's log.
 */

const SIDES = { Длина: 'lengthMm', Ширина: 'widthMm', Высота: 'heightMm' } as const;
export const SIZE_REQUISITES = ['Вес', ...Object.keys(SIDES)];

const key = (name: string) => name.replace(/\s+/g, '').toLowerCase();

/** 1C writes decimals with a point; a figure of 0 is an empty field of the item's card. */
const figure = (text: string) => (/^0+([.,]0*)?$/.test(text.trim()) ? '' : text);

export function parcelSizeOf(node: XmlNode): { size: ParcelSize; problems: string[] } {
  const requisites = new Map<string, string>();
  for (const requisite of childrenOf(child(node, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита')) {
    requisites.set(key(textAt(requisite, 'Наименование')), textAt(requisite, 'Значение'));
  }
  const size: ParcelSize = { ...NO_PARCEL_SIZE };
  const problems: string[] = [];
  const take = (reading: SizeReading<number | null>, field: keyof ParcelSize) => {
    if ('error' in reading) problems.push(reading.error);
    else size[field] = reading.value;
  };
  take(readWeightGrams(figure(textAt(node, 'Вес') || (requisites.get(key('Вес')) ?? '')), 'кг'), 'weightGrams');
  for (const [name, field] of Object.entries(SIDES)) take(readSideMm(figure(requisites.get(key(name)) ?? ''), 'см'), field);
  return { size, problems };
}
