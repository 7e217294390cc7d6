import { formatMoney, type Language } from '@palaro/contract';
import { plainText } from '../../platform/rich-text';

const PREVIEW_LENGTH = 80;

/** The start of a body as one line of plain text, for the list. */
export function previewOf(html: string): string {
  return shortened(plainText(html.replace(/<\/(p|li|h3|h4|blockquote)>|<br\s*\/?>/gi, ' ')));
}

function shortened(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= PREVIEW_LENGTH ? line : `${line.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The system notices the other modules write (`notifyMember`); each is worded in both languages here. */
export const SYSTEM_MESSAGE_KINDS = [
  'deposit.credited',
  'deposit.declined',
  'deposit.rejected',
  'withdrawal.paid',
  'withdrawal.rejected',
  'transfer.received',
  'turnover.waived',
  'turnover.adjusted',
  'feedback.answered',
  'vip.upgraded',
  'vip.relegated',
  'promotion.approved',
  'promotion.rejected',
] as const;
export type SystemMessageKind = (typeof SYSTEM_MESSAGE_KINDS)[number];

type Payload = Record<string, unknown>;
interface Wording {
  title: string;
  /** Paragraphs of plain text; each value in them is escaped when the body is made. */
  lines: string[];
}

const peso = (value: unknown) => `₱${formatMoney(typeof value === 'number' ? value : 0)}`;
const said = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
/** A promotion's title in the reader's language, from the payload's { EN, TY }. */
const titleIn = (payload: Payload, language: Language) => {
  const title = payload.title as Partial<Record<Language, string>> | undefined;
  return said(title?.[language]) ?? said(title?.EN) ?? '';
};
const orderOf = (payload: Payload) => String(payload.orderNo ?? payload.reference ?? '');
/** The operator's answer to a feedback, as its own line when there is one. */
const answerOf = (payload: Payload): string[] => {
  const answer = said(payload.answer);
  return answer ? [answer] : [];
};

const WORDINGS: Record<Language, Record<SystemMessageKind, (payload: Payload) => Wording>> = {
  EN: {
    'deposit.credited': (p) => ({
      title: 'Deposit credited',
      lines: [
        `Your deposit of ${peso(p.amount)} has been credited: ${peso(p.creditAmount ?? p.amount)} is in your wallet.`,
        `Order ${orderOf(p)}${said(p.channel) ? ` · ${said(p.channel)}` : ''}`,
      ],
    }),
    'deposit.declined': (p) => ({
      title: 'Deposit not completed',
      lines: [
        `The payment of your deposit of ${peso(p.amount)} was declined. No money was taken.`,
        `Order ${orderOf(p)}`,
      ],
    }),
    'deposit.rejected': (p) => ({
      title: 'Deposit rejected',
      lines: [
        `Your deposit of ${peso(p.amount)} was rejected.`,
        ...(said(p.reason) ? [`Reason: ${said(p.reason)}`] : []),
        `Order ${orderOf(p)}`,
      ],
    }),
    'withdrawal.paid': (p) => ({
      title: 'Withdrawal paid',
      lines: [`Your withdrawal of ${peso(p.amount)} has been paid out.`, `Order ${orderOf(p)}`],
    }),
    'withdrawal.rejected': (p) => ({
      title: 'Withdrawal rejected',
      lines: [
        `Your withdrawal of ${peso(p.amount)} was rejected and the money is back in your wallet.`,
        ...(said(p.note) ? [`Reason: ${said(p.note)}`] : []),
        `Order ${orderOf(p)}`,
      ],
    }),
    'transfer.received': (p) => ({
      title: 'Transfer received',
      lines: [`${said(p.from) ?? 'A member'} sent you ${peso(p.amount)}.`, `Reference ${orderOf(p)}`],
    }),
    'turnover.waived': (p) => ({
      title: 'Turnover waived',
      lines: [`${peso(p.waived)} of your turnover requirement was waived.`, `Reason: ${said(p.reason) ?? '—'}`],
    }),
    'turnover.adjusted': (p) => ({
      title: 'Turnover changed',
      lines: [
        `The turnover required for ${orderOf(p)} is now ${peso(p.required)} (was ${peso(p.requiredBefore)}).`,
        `Reason: ${said(p.reason) ?? '—'}`,
      ],
    }),
    'feedback.answered': (p) => ({
      title: 'Your feedback has an answer',
      lines: [...answerOf(p), 'You can read it again under Feedback in the member centre.'],
    }),
    'vip.upgraded': (p) => ({
      title: `Welcome to ${said(p.name) ?? 'your new VIP level'}`,
      lines: [
        `Congratulations! You have reached ${said(p.name) ?? 'a new VIP level'}.`,
        ...(typeof p.bonus === 'number' && p.bonus > 0
          ? [`Your upgrade bonus of ${peso(p.bonus)} is in your wallet.`]
          : []),
        'See your new benefits under VIP benefits in the member centre.',
      ],
    }),
    'vip.relegated': (p) => ({
      title: 'Your VIP level changed',
      lines: [
        `Your keep period ended below its target, so your level is now ${said(p.name) ?? 'lower'}.`,
        'Keep playing to climb back: your progress is under VIP benefits in the member centre.',
      ],
    }),
    'promotion.approved': (p) => ({
      title: 'Application approved',
      lines: [
        `Your application for ${titleIn(p, 'EN')} was approved: ${peso(p.amount)} is in your wallet.`,
        'See it in the Reward centre.',
      ],
    }),
    'promotion.rejected': (p) => ({
      title: 'Application not approved',
      lines: [`Your application for ${titleIn(p, 'EN')} was not approved.`, `Reason: ${said(p.reason) ?? '—'}`],
    }),
  },
  TY: {
    'deposit.credited': (p) => ({
      title: 'Naideposito na',
      lines: [
        `Naideposito na ang ${peso(p.amount)} mo: ${peso(p.creditAmount ?? p.amount)} ang nasa wallet mo.`,
        `Order ${orderOf(p)}${said(p.channel) ? ` · ${said(p.channel)}` : ''}`,
      ],
    }),
    'deposit.declined': (p) => ({
      title: 'Hindi natuloy ang deposito',
      lines: [`Tinanggihan ang bayad ng deposito mong ${peso(p.amount)}. Walang perang nakuha.`, `Order ${orderOf(p)}`],
    }),
    'deposit.rejected': (p) => ({
      title: 'Tinanggihan ang deposito',
      lines: [
        `Tinanggihan ang deposito mong ${peso(p.amount)}.`,
        ...(said(p.reason) ? [`Dahilan: ${said(p.reason)}`] : []),
        `Order ${orderOf(p)}`,
      ],
    }),
    'withdrawal.paid': (p) => ({
      title: 'Naibayad na ang withdrawal',
      lines: [`Naibayad na ang withdrawal mong ${peso(p.amount)}.`, `Order ${orderOf(p)}`],
    }),
    'withdrawal.rejected': (p) => ({
      title: 'Tinanggihan ang withdrawal',
      lines: [
        `Tinanggihan ang withdrawal mong ${peso(p.amount)} at bumalik na ang pera sa wallet mo.`,
        ...(said(p.note) ? [`Dahilan: ${said(p.note)}`] : []),
        `Order ${orderOf(p)}`,
      ],
    }),
    'transfer.received': (p) => ({
      title: 'May natanggap kang transfer',
      lines: [`Pinadalhan ka ni ${said(p.from) ?? 'isang member'} ng ${peso(p.amount)}.`, `Reference ${orderOf(p)}`],
    }),
    'turnover.waived': (p) => ({
      title: 'Inalis ang turnover',
      lines: [`Inalis ang ${peso(p.waived)} ng turnover requirement mo.`, `Dahilan: ${said(p.reason) ?? '—'}`],
    }),
    'turnover.adjusted': (p) => ({
      title: 'Binago ang turnover',
      lines: [
        `Ang turnover na kailangan para sa ${orderOf(p)} ay ${peso(p.required)} na (dati ${peso(p.requiredBefore)}).`,
        `Dahilan: ${said(p.reason) ?? '—'}`,
      ],
    }),
    'feedback.answered': (p) => ({
      title: 'May sagot na ang feedback mo',
      lines: [...answerOf(p), 'Mababasa mo ulit ito sa Feedback ng member centre.'],
    }),
    'vip.upgraded': (p) => ({
      title: `Maligayang pagdating sa ${said(p.name) ?? 'bagong VIP level mo'}`,
      lines: [
        `Binabati kita! Naabot mo na ang ${said(p.name) ?? 'bagong VIP level'}.`,
        ...(typeof p.bonus === 'number' && p.bonus > 0
          ? [`Nasa wallet mo na ang upgrade bonus na ${peso(p.bonus)}.`]
          : []),
        'Tingnan ang mga bagong benepisyo mo sa VIP benefits ng member centre.',
      ],
    }),
    'vip.relegated': (p) => ({
      title: 'Nagbago ang VIP level mo',
      lines: [
        `Natapos ang keep period mo nang kulang sa target, kaya ${said(p.name) ?? 'mas mababa'} na ang level mo.`,
        'Maglaro pa para makabalik: nasa VIP benefits ng member centre ang progress mo.',
      ],
    }),
    'promotion.approved': (p) => ({
      title: 'Aprubado ang application',
      lines: [
        `Aprubado ang application mo para sa ${titleIn(p, 'TY')}: ${peso(p.amount)} ang nasa wallet mo na.`,
        'Makikita mo ito sa Reward centre.',
      ],
    }),
    'promotion.rejected': (p) => ({
      title: 'Hindi naaprubahan ang application',
      lines: [`Hindi naaprubahan ang application mo para sa ${titleIn(p, 'TY')}.`, `Dahilan: ${said(p.reason) ?? '—'}`],
    }),
  },
};

const UNKNOWN_KIND: Record<Language, Wording> = {
  EN: { title: 'Account notice', lines: ['Something changed on your account.'] },
  TY: { title: 'Abiso sa account', lines: ['May nagbago sa account mo.'] },
};

function isSystemKind(kind: string): kind is SystemMessageKind {
  return (SYSTEM_MESSAGE_KINDS as readonly string[]).includes(kind);
}

/**
 * A system message worded in the reader's language from its kind and payload: the payload's values
 * (a reason an operator typed, a sender's nickname) are escaped, never read as markup.
 */
export function systemMessageText(
  kind: string,
  payload: Payload,
  language: Language,
): { title: string; bodyHtml: string; preview: string } {
  const wording = isSystemKind(kind) ? WORDINGS[language][kind](payload) : UNKNOWN_KIND[language];
  return {
    title: wording.title,
    bodyHtml: wording.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
    // Made from the text itself: parsing the HTML back for every row of a page cost more than the read.
    preview: shortened(wording.lines.join(' ')),
  };
}
