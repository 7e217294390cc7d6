import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A randomly named database on the server for one bench run, with a function that drops it; a copy
 * of the database named `template` when one is given (nobody may be connected to that one).
 */
export async function throwAwayDatabase(serverUrl, purpose, template) {
  const name = `palaro_bench_${purpose}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
