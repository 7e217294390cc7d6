import { INBOX_API_PATHS, type TInboxAudience, type TOperatorInboxSent } from '@palaro/contract';
import { assignmentsOf, UsageError, type OperatorCommand } from '../../admin/command';

const TEXT_FIELDS = ['title', 'title.TY', 'title.EN', 'body', 'body.TY', 'body.EN'] as const;

function audienceOf(word: string | undefined): TInboxAudience {
  const [to = '', value = ''] = (word ?? '').split(':', 2);
  if (to === 'all' && value === '') return { to: 'all' };
  if (to === 'member' && value) return { to: 'member', username: value };
  if ((to === 'vip' || to === 'type') && /^\d{1,2}$/.test(value))
    return to === 'vip' ? { to: 'vip', vipLevel: Number(value) } : { to: 'memberType', memberType: Number(value) };
  throw new UsageError('Give who receives it: all, member:USERNAME, vip:LEVEL or type:MEMBER_TYPE');
}

function describeAudience(audience: TInboxAudience): string {
  switch (audience.to) {
    case 'all':
      return 'every member';
    case 'member':
      return audience.username;
    case 'vip':
      return `VIP level ${audience.vipLevel}`;
    case 'memberType':
      return `member type ${audience.memberType}`;
  }
}

export const inboxCommands: readonly OperatorCommand[] = [
  {
    name: 'inbox send',
    help: [
      'inbox send AUDIENCE title="…" body="…"  Send a message to all, member:USERNAME, vip:LEVEL or type:MEMBER_TYPE',
      '                                       (title.TY= / title.EN=, body.TY= / body.EN= for each language;',
      '                                       the body is rich text, sanitised: no script, no event handler)',
    ],
    request: ({ args, merchantPath }) => {
      const [audienceWord, ...assignments] = args;
      const audience = audienceOf(audienceWord);
      const fields = assignmentsOf(assignments, TEXT_FIELDS);
      const text = (name: 'title' | 'body') => {
        const TY = fields[`${name}.TY`] ?? fields[name];
        const EN = fields[`${name}.EN`] ?? fields[name];
        if (!TY || !EN) throw new UsageError(`Give the ${name} with ${name}="…" (or ${name}.TY= and ${name}.EN=)`);
        return { TY, EN };
      };
      return {
        method: 'POST',
        path: merchantPath(INBOX_API_PATHS.operatorInboxMessages),
        body: { audience, title: text('title'), body: text('body') },
        render: (value) => {
          const sent = value as TOperatorInboxSent;
          return `Message ${sent.id} sent to ${describeAudience(sent.audience)} at ${sent.sentAt} (one message, whoever it reaches).`;
        },
      };
    },
  },
];
