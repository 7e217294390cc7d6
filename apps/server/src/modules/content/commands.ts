import { readFileSync } from 'node:fs';
import {
  CONTENT_API_PATHS,
  CONTENT_TYPES,
  LANGUAGES,
  type TOperatorAgreement,
  type TOperatorAnnouncement,
  type TOperatorHelpArticle,
} from '@palaro/contract';
import { UsageError, assignmentsOf, parseSwitch, requireAssignments, type OperatorCommand } from '../../admin/command';

const LOCALISED = ['title', 'content', 'image'] as const;
const localisedNames = (names: readonly string[]) =>
  names.flatMap((name) => LANGUAGES.map((code) => `${name}.${code}`));

/** `@path` reads the text from a file (a long rich text, the terms); anything else is the text itself. */
function textOf(value: string): string {
  if (!value.startsWith('@')) return value;
  try {
    return readFileSync(value.slice(1), 'utf8');
  } catch {
    throw new UsageError(`Cannot read ${value.slice(1)}`);
  }
}

/** `title.EN=… title.TY=…` as `{ title: { EN, TY } }`, each language only when given. */
function localisedFields(fields: Record<string, string>, names: readonly string[]): Record<string, unknown> {
  const body: Record<string, Record<string, string>> = {};
  for (const name of names)
    for (const code of LANGUAGES) {
      const value = fields[`${name}.${code}`];
      if (value !== undefined) (body[name === 'image' ? 'imageUrl' : name] ??= {})[code] = textOf(value);
    }
  return body;
}

function instantOf(name: string, value: string): string | null {
  if (value === '' || value === 'none') return null;
  if (Number.isNaN(Date.parse(value)) || !/[zZ]|[+-]\d\d:\d\d$/.test(value))
    throw new UsageError(`${name} needs a time with its offset like 2026-12-24T18:00:00+08:00, got "${value}"`);
  return value;
}

const ANNOUNCEMENT_FIELDS = [...localisedNames(LOCALISED), 'group', 'link', 'sortOrder', 'publish', 'expire', 'active'];

function announcementFields(assignments: string[]): Record<string, unknown> {
  const fields = assignmentsOf(assignments, ANNOUNCEMENT_FIELDS);
  return {
    ...localisedFields(fields, LOCALISED),
    ...(fields.group !== undefined && { groupName: fields.group || null }),
    ...(fields.link !== undefined && { link: fields.link || null }),
    ...(fields.sortOrder !== undefined && { sortOrder: Number(fields.sortOrder) }),
    ...(fields.publish !== undefined && { publishedAt: instantOf('publish', fields.publish) }),
    ...(fields.expire !== undefined && { expiresAt: instantOf('expire', fields.expire) }),
    ...(fields.active !== undefined && { active: parseSwitch(`active=${fields.active}`)[1] }),
  };
}

function describeAnnouncements(list: TOperatorAnnouncement[]): string {
  if (list.length === 0) return 'No announcements.';
  return list
    .map(
      (row) =>
        `#${String(row.id).padEnd(5)} ${row.type.padEnd(2)} ${(row.groupName ?? '-').padEnd(7)} ${row.active ? 'on ' : 'off'}  from ${row.publishedAt}${row.expiresAt ? ` until ${row.expiresAt}` : ''}  ${row.title.EN ?? row.title.TY ?? ''}`,
    )
    .join('\n');
}

function describeArticles(list: TOperatorHelpArticle[]): string {
  if (list.length === 0) return 'No help articles.';
  return list
    .map(
      (row) =>
        `#${String(row.id).padEnd(5)} ${row.categoryKey.padEnd(18)} ${row.active ? 'shown ' : 'hidden'}  ${row.title.EN ?? row.title.TY ?? ''}`,
    )
    .join('\n');
}

function describeAgreements(list: TOperatorAgreement[]): string {
  if (list.length === 0) return 'No user agreement published.';
  return list
    .map((row) => `v${row.version}  from ${row.publishedAt}  ${row.title.EN ?? row.title.TY ?? ''}`)
    .join('\n');
}

function idOf(value: string | undefined, example: string): string {
  if (!value || !/^\d{1,9}$/.test(value)) throw new UsageError(`Give the id, e.g. ${example}`);
  return value;
}

export const contentCommands: readonly OperatorCommand[] = [
  {
    name: 'announcements',
    help: ['announcements                          Every announcement: type, group, on/off, publish and expiry times'],
    request: ({ merchantPath }) => ({
      method: 'GET',
      path: merchantPath(CONTENT_API_PATHS.operatorAnnouncements),
      render: (value) => describeAnnouncements((value as { list: TOperatorAnnouncement[] }).list),
    }),
  },
  {
    name: 'announcements add',
    help: [
      `announcements add TYPE title.EN=… title.TY=… content.EN=… content.TY=… [image.EN=URL image.TY=URL]`,
      '                     [group=m_reg] [link=/m/…] [publish=ISO] [expire=ISO] [sortOrder=N]',
      `                                       Add one; TYPE is ${CONTENT_TYPES.join(', ')} (B needs image.*)`,
    ],
    request: ({ args, merchantPath }) => {
      const [type, ...assignments] = args;
      if (!type || !(CONTENT_TYPES as readonly string[]).includes(type.toUpperCase()))
        throw new UsageError(`Give the type (${CONTENT_TYPES.join(', ')}), e.g. announcements add PU title.EN=Hello …`);
      requireAssignments(assignments);
      return {
        method: 'POST',
        path: merchantPath(CONTENT_API_PATHS.operatorAnnouncements),
        body: { type: type.toUpperCase(), ...announcementFields(assignments) },
        render: (value) => describeAnnouncements([value as TOperatorAnnouncement]),
      };
    },
  },
  {
    name: 'announcements set',
    help: ['announcements set ID NAME=VALUE …      Change one (fields as for add; active=on|off, expire=none)'],
    request: ({ args, merchantPath }) => {
      const [id, ...assignments] = args;
      requireAssignments(assignments);
      return {
        method: 'PATCH',
        path: merchantPath(CONTENT_API_PATHS.operatorAnnouncement).replace(
          ':id',
          idOf(id, 'announcements set 12 active=off'),
        ),
        body: announcementFields(assignments),
        render: (value) => describeAnnouncements([value as TOperatorAnnouncement]),
      };
    },
  },
  {
    name: 'help-centre',
    help: ['help-centre                            The help centre’s articles by category, shown or hidden'],
    request: ({ merchantPath }) => ({
      method: 'GET',
      path: merchantPath(CONTENT_API_PATHS.operatorHelpArticles),
      render: (value) => describeArticles((value as { list: TOperatorHelpArticle[] }).list),
    }),
  },
  {
    name: 'help-centre add',
    help: [
      'help-centre add CATEGORY title.EN=… content.EN=@file.html … [category.EN=… category.TY=…]',
      '                                       Add an article (rich text, sanitised) under a category key',
    ],
    request: ({ args, merchantPath }) => {
      const [categoryKey, ...assignments] = args;
      if (!categoryKey) throw new UsageError('Give the category key, e.g. help-centre add deposits title.EN=…');
      requireAssignments(assignments);
      const fields = assignmentsOf(assignments, [...localisedNames(['title', 'content', 'category']), 'sortOrder']);
      const { category, ...texts } = localisedFields(fields, ['title', 'content', 'category']);
      return {
        method: 'POST',
        path: merchantPath(CONTENT_API_PATHS.operatorHelpArticles),
        body: {
          categoryKey,
          ...texts,
          ...(category !== undefined && { categoryTitle: category }),
          ...(fields.sortOrder !== undefined && { sortOrder: Number(fields.sortOrder) }),
        },
        render: (value) => describeArticles([value as TOperatorHelpArticle]),
      };
    },
  },
  {
    name: 'help-centre set',
    help: ['help-centre set ID NAME=VALUE …        Change an article: title.*, content.*, sortOrder, active=on|off'],
    request: ({ args, merchantPath }) => {
      const [id, ...assignments] = args;
      requireAssignments(assignments);
      const fields = assignmentsOf(assignments, [...localisedNames(['title', 'content']), 'sortOrder', 'active']);
      return {
        method: 'PATCH',
        path: merchantPath(CONTENT_API_PATHS.operatorHelpArticle).replace(
          ':id',
          idOf(id, 'help-centre set 3 active=off'),
        ),
        body: {
          ...localisedFields(fields, ['title', 'content']),
          ...(fields.sortOrder !== undefined && { sortOrder: Number(fields.sortOrder) }),
          ...(fields.active !== undefined && { active: parseSwitch(`active=${fields.active}`)[1] }),
        },
        render: (value) => describeArticles([value as TOperatorHelpArticle]),
      };
    },
  },
  {
    name: 'agreement',
    help: ['agreement                              Every version of the user agreement'],
    request: ({ merchantPath }) => ({
      method: 'GET',
      path: merchantPath(CONTENT_API_PATHS.operatorAgreements),
      render: (value) => describeAgreements((value as { list: TOperatorAgreement[] }).list),
    }),
  },
  {
    name: 'agreement publish',
    help: [
      'agreement publish title.EN=… title.TY=… content.EN=@terms-en.html content.TY=@terms-ty.html [publish=ISO]',
      '                                       Publish the next version; new members agree to it from then',
    ],
    request: ({ args, merchantPath }) => {
      requireAssignments(args);
      const fields = assignmentsOf(args, [...localisedNames(['title', 'content']), 'publish']);
      const publishedAt = fields.publish !== undefined ? instantOf('publish', fields.publish) : null;
      return {
        method: 'POST',
        path: merchantPath(CONTENT_API_PATHS.operatorAgreements),
        body: { ...localisedFields(fields, ['title', 'content']), ...(publishedAt && { publishedAt }) },
        render: (value) => describeAgreements([value as TOperatorAgreement]),
      };
    },
  },
];
