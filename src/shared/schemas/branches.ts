/** A branch as the public API gives it (`GET /api/branches`). */
export type Branch = {
  id: number;
  slug: string;
  city: string;
  /** The city after «в» (prepositional case), e.g. «Ростове-на-Дону». */
  cityIn: string;
  address: string;
  phone: string;
  workingHours: string;
  /** Hands out orders («Самовывоз из филиала»). */
  pickup: boolean;
  latitude: number | null;
  longitude: number | null;
};

/** The head office: default city, and where stock comes from when the customer's branch lacks it. */
export const HEAD_BRANCH_SLUG = 'volgograd';

/** The customer's city: the slug of a branch, remembered in this cookie so the server renders availability for it. */
export const CITY_COOKIE = 'city';

/** A product's quantity in one branch (`branchStock` of `GET /api/products/{slugOrId}`). */
export type BranchStock = { branchId: number; city: string; quantity: number };

/** A branch as the back office edits it (`/api/admin/branches`): the public fields and the display order. */
export type AdminBranch = Branch & { sortOrder: number };
