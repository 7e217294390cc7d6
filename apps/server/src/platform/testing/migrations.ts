import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_FOLDER } from '../db/database';

/** Every migration's tag, in order (drizzle's journal). */
export function migrationTags(): string[] {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((entry) => entry.tag);
}

/** Runs the migrations `tags` names, in order; an upgrade test stops before one, writes old rows, then runs the rest. */
export async function runMigrations(client: PGlite, tags: readonly string[]): Promise<void> {
  // The breakpoint markers are SQL comments: a file runs as it is.
  for (const tag of tags) await client.exec(readFileSync(join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8'));
}

/** The tags before `tag` and from it on. */
export function splitMigrationsAt(tag: string): { before: string[]; from: string[] } {
  const tags = migrationTags();
  const index = tags.indexOf(tag);
  if (index === -1) throw new Error(`No migration ${tag}`);
  return { before: tags.slice(0, index), from: tags.slice(index) };
}
