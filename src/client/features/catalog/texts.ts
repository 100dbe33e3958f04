/** Description of a category without one, and of the catalogue (decisions.md). */
export const CATALOG_FALLBACK_DESCRIPTION = 'Профессиональный инструмент в наличии и под заказ';
