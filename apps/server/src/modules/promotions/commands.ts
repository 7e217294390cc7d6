import { readFileSync } from 'node:fs';
import {
  PROMOTION_API_PATHS,
  formatMoney,
  type TOperatorApplication,
  type TOperatorApplicationList,
  type TOperatorPromotion,
  type TOperatorPromotionList,
  type TPromotionReport,
} from '@palaro/contract';
import { amountOf, queryString, UsageError, type OperatorCommand } from '../../admin/command';

const peso = (value: number | null) => (value === null ? '—' : `₱${formatMoney(value)}`);

function describePromotion(row: TOperatorPromotion): string {
  const budget = row.budget === null ? 'no budget' : `budget ${peso(row.budget)}, spent ${peso(row.spent)}`;
  return `#${row.id}  ${row.state.padEnd(6)}  ${row.rule.type.padEnd(15)}  ${row.claimMode.padEnd(5)}  ${row.period.padEnd(5)}  ${row.title.EN}\n    ${budget}, ${row.grantCount} grants, turnover ${row.turnoverPercent}% of ${row.turnoverBase}`;
}

function describeApplication(row: TOperatorApplication): string {
  const decided =
    row.status === 'rejected' ? `  reason: ${row.reason ?? ''}` : row.amount ? `  paid ${peso(row.amount)}` : '';
  return `#${row.id}  ${row.status.padEnd(8)}  ${row.username}  ${row.promotionTitle}  ${row.createdAt}${decided}\n    ${row.comment}${row.imageIds.length ? `  images: ${row.imageIds.join(', ')}` : ''}`;
}

/** A promotion's JSON (as the operator API takes it): inline, or `@file.json`. */
function jsonOf(value: string | undefined): unknown {
  if (!value) throw new UsageError('Give the promotion as JSON, or @file.json (see docs/REWARDS.md)');
  const text = value.startsWith('@') ? readText(value.slice(1)) : value;
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError('The promotion is not valid JSON');
  }
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`Cannot read ${file}`);
  }
}

function idOf(value: string | undefined, what = 'promotion'): string {
  const id = value?.replace(/^#/, '');
  if (!id || !/^[1-9][0-9]{0,9}$/.test(id)) throw new UsageError(`Give the ${what} number, e.g. 3`);
  return id;
}

const renderPromotion = (value: unknown) => describePromotion(value as TOperatorPromotion);
const renderApplication = (value: unknown) => describeApplication(value as TOperatorApplication);

export const promotionCommands: readonly OperatorCommand[] = [
  {
    name: 'promotions',
    help: ['promotions                               The merchant’s promotions, their budgets and grants'],
    request: ({ merchantPath }) => ({
      method: 'GET',
      path: merchantPath(PROMOTION_API_PATHS.operatorPromotions),
      render: (value) => {
        const { list } = value as TOperatorPromotionList;
        return list.length === 0 ? 'No promotions.' : list.map(describePromotion).join('\n');
      },
    }),
  },
  {
    name: 'promotions create',
    help: ['promotions create JSON|@FILE             Create a promotion (a rule type with its parameters)'],
    request: ({ args, merchantPath }) => ({
      method: 'POST',
      path: merchantPath(PROMOTION_API_PATHS.operatorPromotions),
      body: jsonOf(args.join(' ')),
      render: renderPromotion,
    }),
  },
  {
    name: 'promotions update',
    help: ['promotions update ID JSON|@FILE          Change a promotion (only the fields given)'],
    request: ({ args, merchantPath }) => ({
      method: 'PATCH',
      path: merchantPath(PROMOTION_API_PATHS.operatorPromotion).replace(':id', idOf(args[0])),
      body: jsonOf(args.slice(1).join(' ')),
      render: renderPromotion,
    }),
  },
  {
    name: 'promotions close',
    help: ['promotions close ID                      End a promotion now'],
    request: ({ args, merchantPath }) => ({
      method: 'POST',
      path: merchantPath(PROMOTION_API_PATHS.operatorPromotionClose).replace(':id', idOf(args[0])),
      render: renderPromotion,
    }),
  },
  {
    name: 'promotions report',
    help: ['promotions report                        What each promotion cost: granted, claimed, wagered, expired'],
    request: ({ merchantPath }) => ({
      method: 'GET',
      path: merchantPath(PROMOTION_API_PATHS.operatorPromotionReport),
      render: (value) =>
        (value as TPromotionReport).list
          .map(
            (row) =>
              `#${row.id}  ${row.title}: granted ${peso(row.granted)} in ${row.grants}, claimed ${peso(row.claimed)}, wagered ${peso(row.wagered)}, expired ${peso(row.expired)}, budget ${peso(row.budget)}`,
          )
          .join('\n') || 'No promotions.',
    }),
  },
  {
    name: 'promotions applications',
    help: ['promotions applications [--status applying|approved|rejected]  Members’ applications, newest first'],
    request: ({ options, merchantPath }) => {
      const query = new URLSearchParams();
      if (options.status) query.set('status', options.status);
      return {
        method: 'GET',
        path: `${merchantPath(PROMOTION_API_PATHS.operatorApplications)}${queryString(query)}`,
        render: (value) => {
          const { list } = value as TOperatorApplicationList;
          return list.length === 0 ? 'No applications.' : list.map(describeApplication).join('\n');
        },
      };
    },
  },
  {
    name: 'promotions approve',
    help: ['promotions approve ID [AMOUNT]           Approve an application: pays the rule’s amount, or AMOUNT'],
    request: ({ args, merchantPath }) => ({
      method: 'POST',
      path: merchantPath(PROMOTION_API_PATHS.operatorApplicationDecision).replace(':id', idOf(args[0], 'application')),
      body: { decision: 'approve', ...(args[1] ? { amount: amountOf('AMOUNT', args[1]) } : {}) },
      render: renderApplication,
    }),
  },
  {
    name: 'promotions reject',
    help: ['promotions reject ID --reason "…"        Reject an application; the member reads the reason'],
    request: ({ args, options, merchantPath }) => {
      if (!options.reason?.trim()) throw new UsageError('Give the reason with --reason "…"');
      return {
        method: 'POST',
        path: merchantPath(PROMOTION_API_PATHS.operatorApplicationDecision).replace(
          ':id',
          idOf(args[0], 'application'),
        ),
        body: { decision: 'reject', reason: options.reason },
        render: renderApplication,
      };
    },
  },
];
