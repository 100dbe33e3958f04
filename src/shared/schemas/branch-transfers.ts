import { TRANSFER_DAYS_MAX, TRANSFER_DAYS_MIN } from '../transfers.ts';
import { z } from './z.ts';

const DAYS_MESSAGE = `Срок перемещения — целое число дней от ${TRANSFER_DAYS_MIN} до ${TRANSFER_DAYS_MAX}`;
const BRANCH_MESSAGE = 'Некорректный номер филиала';
const branchId = z.number({ error: BRANCH_MESSAGE }).int(BRANCH_MESSAGE).positive(BRANCH_MESSAGE);

export const BranchTransferSchema = z.object({
  fromBranchId: branchId,
  toBranchId: branchId,
  days: z.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(TRANSFER_DAYS_MIN, DAYS_MESSAGE).max(TRANSFER_DAYS_MAX, DAYS_MESSAGE),
});

/** `PUT /api/admin/branch-transfers`: the whole table; a route left out has no transfers. */
export const BranchTransfersSchema = z.object({
  routes: z.array(BranchTransferSchema, { error: 'Некорректное значение' }).max(2500, 'Слишком много маршрутов'),
});
export type BranchTransfersInput = z.output<typeof BranchTransfersSchema>;
