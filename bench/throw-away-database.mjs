import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A randomly named database on the server for one bench run, with a function that drops it. */
export async function throwAwayDatabase(serverUrl, purpose) {
  const name = `palaro_bench_${purpose}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
