import { defaultAvatarOf, type ProfileAvatar, type THeadIcon } from '@palaro/contract';
import type { Db, Queryable } from '../../platform/db/database';
import type { FileStorage } from '../../platform/file-storage';
import { NotFoundError } from '../../platform/http/errors';
import type { MemberRow } from '../accounts/schema';
import { assertNotTrial } from '../accounts/sessions';
import { squareWebp } from './picture';
import type { MemberHeadIconRow } from './schema';
import * as store from './store';

const STORAGE_PREFIX = 'head-icons';

function toHeadIcon(member: { id: number }, row: MemberHeadIconRow | undefined): THeadIcon {
  if (row?.storageKey) return { kind: 'upload', version: String(row.updatedAt.getTime()) };
  return { kind: 'avatar', avatar: row?.avatar ?? defaultAvatarOf(member.id) };
}

export async function headIcon(q: Queryable, member: MemberRow): Promise<THeadIcon> {
  return toHeadIcon(member, await store.headIconOf(q, member.merchantId, member.id));
}

async function replace(
  db: Db,
  storage: FileStorage,
  member: MemberRow,
  icon: { avatar: ProfileAvatar | null; storageKey: string | null },
  now: Date,
): Promise<THeadIcon> {
  let replaced: string | null;
  try {
    replaced = await db.transaction((tx) =>
      store.replaceHeadIcon(tx, { merchantId: member.merchantId, memberId: member.id, ...icon, updatedAt: now }),
    );
  } catch (error) {
    // The first failure is the one to answer, even should the store fail too (a file left over harms no one).
    if (icon.storageKey) await storage.remove(icon.storageKey).catch(() => undefined);
    throw error;
  }
  // The old picture is no one's once the new row committed.
  if (replaced && replaced !== icon.storageKey) await storage.remove(replaced);
  return headIcon(db, member);
}

export async function chooseAvatar(
  db: Db,
  storage: FileStorage,
  member: MemberRow,
  avatar: ProfileAvatar,
  now: Date,
): Promise<THeadIcon> {
  assertNotTrial(member);
  return replace(db, storage, member, { avatar, storageKey: null }, now);
}

/** An uploaded picture (PNG or JPEG by content), kept as a small square WebP. */
export async function uploadPicture(
  db: Db,
  storage: FileStorage,
  member: MemberRow,
  bytes: Buffer,
  now: Date,
): Promise<THeadIcon> {
  assertNotTrial(member);
  const webp = await squareWebp(bytes);
  const storageKey = await storage.put(webp, STORAGE_PREFIX);
  return replace(db, storage, member, { avatar: null, storageKey }, now);
}

/** The member's own uploaded picture; none when they use an avatar. */
export async function ownPicture(q: Queryable, storage: FileStorage, member: MemberRow): Promise<Buffer> {
  const row = await store.headIconOf(q, member.merchantId, member.id);
  const bytes = row?.storageKey ? await storage.get(row.storageKey) : null;
  if (!bytes) throw new NotFoundError('No uploaded picture');
  return bytes;
}
