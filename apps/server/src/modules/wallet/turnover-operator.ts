import { ERROR_CODES, type TOperatorTurnover } from '@palaro/contract';
import type { Db, Queryable, Tx } from '../../platform/db/database';
import { DomainError, NotFoundError } from '../../platform/http/errors';
import type { MemberRow } from '../accounts/schema';
import { memberByUsername } from '../accounts/members';
import { recordAudit } from '../audit/service';
import { requireMerchantByCode } from '../site/service';
import { notifyMember } from '../inbox/service';
import type { TurnoverRequirementRow } from './schema';
import * as store from './store/turnover-requirements';
import {
  adjustmentOf,
  assertOutstanding,
  changeOf,
  toTurnoverItem,
  trackerRows,
  turnoverTotals,
  waiverOf,
  type TurnoverChangeStamp,
} from './turnover';

/** An operator's change to one member's turnover, with the reason the member will read. */
export interface TurnoverChangeRequest {
  merchantCode: string;
  username: string;
  reason: string;
  actor: string;
  now: Date;
}

async function requireMember(
  q: Queryable,
  merchantCode: string,
  username: string,
): Promise<{ merchantId: number; member: MemberRow }> {
  const merchant = await requireMerchantByCode(q, merchantCode);
  const member = await memberByUsername(q, merchant.id, username);
  if (!member) throw new NotFoundError(`No member ${username} at ${merchantCode}`);
  return { merchantId: merchant.id, member };
}

async function operatorView(q: Queryable, merchantId: number, member: MemberRow): Promise<TOperatorTurnover> {
  const rows = await trackerRows(q, merchantId, member.id);
  return {
    ...(await turnoverTotals(q, merchantId, member.id, rows)),
    memberId: member.id,
    username: member.username,
    items: rows.map((row) => {
      const change = changeOf(row);
      return { ...toTurnoverItem(row), change: change && { ...change, by: row.changedBy ?? '' } };
    }),
  };
}

/** The member's requirements with every operator change on them (who, why, when). */
export async function operatorTurnover(
  q: Queryable,
  merchantCode: string,
  username: string,
): Promise<TOperatorTurnover> {
  const { merchantId, member } = await requireMember(q, merchantCode, username);
  return operatorView(q, merchantId, member);
}

async function requireRequirement(
  tx: Tx,
  merchantId: number,
  member: MemberRow,
  id: number,
): Promise<TurnoverRequirementRow> {
  const requirement = await store.lockRequirement(tx, merchantId, member.id, id);
  if (!requirement) throw new NotFoundError(`${member.username} has no turnover requirement ${id}`);
  return requirement;
}

/** What the audit log and the member's notice say of a requirement. */
function described(requirement: TurnoverRequirementRow) {
  return {
    requirementId: String(requirement.id),
    source: requirement.source,
    reference: requirement.reference,
    required: Number(requirement.required),
    done: Number(requirement.done),
  };
}

const stampOf = (request: TurnoverChangeRequest): TurnoverChangeStamp => ({
  reason: request.reason,
  by: request.actor,
  at: request.now,
});

/**
 * Waives what is left of the member's outstanding requirements (or of the one named): each is
 * closed as it stands, with the reason, the audit row and the member's notice in one transaction.
 */
export async function waiveTurnover(
  db: Db,
  request: TurnoverChangeRequest & { requirementId?: number },
): Promise<TOperatorTurnover> {
  return db.transaction(async (tx) => {
    const { merchantId, member } = await requireMember(tx, request.merchantCode, request.username);
    const targets =
      request.requirementId === undefined
        ? await store.lockOutstandingRequirements(tx, merchantId, member.id)
        : [await requireRequirement(tx, merchantId, member, request.requirementId)];
    targets.forEach(assertOutstanding);
    if (targets.length === 0)
      throw new DomainError(ERROR_CODES.turnoverClosed, `${member.username} has no outstanding turnover to waive`);
    const changes = waiverOf(stampOf(request));
    for (const requirement of targets) await store.updateRequirement(tx, requirement.id, changes);

    const requirements = targets.map((requirement) => ({
      ...described(requirement),
      waived: Number(requirement.required - requirement.done),
    }));
    const waived = requirements.reduce((sum, requirement) => sum + requirement.waived, 0);
    await recordAudit(tx, {
      actor: request.actor,
      action: 'turnover.waive',
      merchantId,
      details: { memberId: member.id, username: member.username, reason: request.reason, waived, requirements },
    });
    await notifyMember(tx, {
      merchantId,
      memberId: member.id,
      kind: 'turnover.waived',
      payload: { reason: request.reason, waived, requirements },
    });
    return operatorView(tx, merchantId, member);
  });
}

/** Sets an outstanding requirement's required amount (never below what is done), audited and told to the member. */
export async function adjustTurnover(
  db: Db,
  request: TurnoverChangeRequest & { requirementId: number; required: bigint },
): Promise<TOperatorTurnover> {
  return db.transaction(async (tx) => {
    const { merchantId, member } = await requireMember(tx, request.merchantCode, request.username);
    const requirement = await requireRequirement(tx, merchantId, member, request.requirementId);
    assertOutstanding(requirement);
    await store.updateRequirement(tx, requirement.id, adjustmentOf(requirement, request.required, stampOf(request)));

    const details = {
      ...described(requirement),
      requiredBefore: Number(requirement.required),
      required: Number(request.required),
      reason: request.reason,
    };
    await recordAudit(tx, {
      actor: request.actor,
      action: 'turnover.adjust',
      merchantId,
      details: { memberId: member.id, username: member.username, ...details },
    });
    await notifyMember(tx, { merchantId, memberId: member.id, kind: 'turnover.adjusted', payload: details });
    return operatorView(tx, merchantId, member);
  });
}
