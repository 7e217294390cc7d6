import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@palaro/contract';
import { ConfigError, loadConfig } from './config';
import { FileStorageUnavailableError, localDiskStorage, objectUrls, s3Storage, type FileStorage } from './file-storage';
import { startTestS3Server, type TestS3Server } from './testing/s3-server';

let s3: TestS3Server;
let storage: FileStorage;
beforeAll(async () => {
  s3 = await startTestS3Server();
  storage = s3Storage(s3.settings);
});
afterAll(async () => {
  await s3?.close();
});

/** The storage's failure, checked to be the 503 one, with what went wrong (for the log) in its cause. */
async function failureOf(attempt: Promise<unknown>): Promise<string> {
  const error = await attempt.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FileStorageUnavailableError);
  const failure = error as FileStorageUnavailableError;
  expect(failure.code).toBe(ERROR_CODES.upstreamUnavailable);
  expect(failure.message).toBe('Uploaded files cannot be reached right now, try again shortly');
  return (failure.cause as Error).message;
}

describe('the S3-compatible object store', () => {
  it('keeps, answers and removes a file under a new random key', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    const key = await storage.put(bytes, 'feedback');
    expect(key).toMatch(/^feedback\/[A-Za-z0-9_-]{22}$/);
    expect(await storage.get(key)).toEqual(bytes);
    const other = await storage.put(Buffer.from('another'), 'head-icons');
    expect(other).not.toBe(key);
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    expect((await storage.get(other))?.toString()).toBe('another');
  });

  it('answers null for a key it never had, and removing one (or removing twice) is no error', async () => {
    expect(await storage.get('feedback/AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    await storage.remove('feedback/AAAAAAAAAAAAAAAAAAAAAA');
    const key = await storage.put(Buffer.from('once'), 'feedback');
    await storage.remove(key);
    await storage.remove(key);
  });

  it('addresses objects in path style or under the bucket’s own host name', () => {
    const key = 'feedback/AAAAAAAAAAAAAAAAAAAAAA';
    const pathStyle = objectUrls({ endpoint: 'http://minio:9000', bucket: 'uploads', forcePathStyle: true });
    expect(pathStyle(key)).toBe(`http://minio:9000/uploads/${key}`);
    const hosted = objectUrls({
      endpoint: 'https://s3.ap-southeast-1.amazonaws.com',
      bucket: 'uploads',
      forcePathStyle: false,
    });
    expect(hosted(key)).toBe(`https://uploads.s3.ap-southeast-1.amazonaws.com/${key}`);
  });

  it('refuses anything but its own keys before any request', async () => {
    for (const key of ['../secrets', 'feedback/../../x', 'feedback/short', 'FEEDBACK/AAAAAAAAAAAAAAAAAAAAAA'])
      await expect(storage.get(key)).rejects.toThrow('Not a storage key');
  });

  it('is unavailable, clearly, when the secret is wrong: the store refuses the signature and keeps nothing', async () => {
    const wrongSecret = s3Storage({ ...s3.settings, secretAccessKey: 'not-the-secret' });
    expect(await failureOf(wrongSecret.put(Buffer.from('x'), 'feedback'))).toMatch(
      /^Object store PUT feedback\/\S+ answered 403 SignatureDoesNotMatch$/,
    );
    expect(await failureOf(wrongSecret.get('feedback/AAAAAAAAAAAAAAAAAAAAAA'))).toMatch(/403 SignatureDoesNotMatch$/);
    const unknownKey = s3Storage({ ...s3.settings, accessKeyId: 'NOBODY' });
    expect(await failureOf(unknownKey.put(Buffer.from('x'), 'feedback'))).toMatch(/403 InvalidAccessKeyId$/);
  });

  it('is unavailable when the bucket does not exist, even for a read that would answer "no such file"', async () => {
    const noBucket = s3Storage({ ...s3.settings, bucket: 'no-such-bucket' });
    expect(await failureOf(noBucket.get('feedback/AAAAAAAAAAAAAAAAAAAAAA'))).toMatch(/answered 404 NoSuchBucket$/);
    expect(await failureOf(noBucket.remove('feedback/AAAAAAAAAAAAAAAAAAAAAA'))).toMatch(/404 NoSuchBucket$/);
  });

  it('is unavailable when the store is down or does not answer within its time limit', async () => {
    const down = await startTestS3Server();
    await down.close();
    expect(await failureOf(s3Storage(down.settings).put(Buffer.from('x'), 'feedback'))).toMatch(/ECONNREFUSED/);

    // A store that takes the connection and never answers.
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const stalled = s3Storage({ ...s3.settings, endpoint: `http://127.0.0.1:${port}`, timeoutMs: 150 });
      expect(await failureOf(stalled.get('feedback/AAAAAAAAAAAAAAAAAAAAAA'))).toMatch(/no answer within 150 ms$/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('the local disk', () => {
  it('is unavailable, the same way, when the disk fails', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'palaro-disk-'));
    // A file where the prefix's folder should be: no file can be written under it.
    writeFileSync(path.join(folder, 'feedback'), '');
    const disk = localDiskStorage(folder);
    expect(await failureOf(disk.put(Buffer.from('x'), 'feedback'))).toMatch(
      /^Local disk write feedback\/\S+: E(EXIST|NOTDIR)/,
    );
    expect(await failureOf(disk.get('feedback/AAAAAAAAAAAAAAAAAAAAAA'))).toMatch(/ENOTDIR/);
    const key = await disk.put(Buffer.from('fine'), 'head-icons');
    expect((await disk.get(key))?.toString()).toBe('fine');
  });
});

describe('the file storage settings', () => {
  const s3Env = {
    FILE_STORAGE: 's3',
    S3_ENDPOINT: 'https://s3.ap-southeast-1.amazonaws.com/',
    S3_BUCKET: 'palaro-uploads',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('keeps files on the local disk unless told otherwise', () => {
    expect(loadConfig({}).fileStorage).toEqual({ kind: 'local' });
    // S3 settings alone choose nothing.
    expect(loadConfig({ ...s3Env, FILE_STORAGE: 'local' }).fileStorage).toEqual({ kind: 'local' });
  });

  it('reads the object store settings, with their defaults', () => {
    expect(loadConfig(s3Env).fileStorage).toEqual({
      kind: 's3',
      endpoint: 'https://s3.ap-southeast-1.amazonaws.com',
      bucket: 'palaro-uploads',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      timeoutMs: 10_000,
    });
    expect(
      loadConfig({ ...s3Env, S3_REGION: 'ap-southeast-1', S3_FORCE_PATH_STYLE: 'true', S3_TIMEOUT_MS: '3000' })
        .fileStorage,
    ).toMatchObject({ region: 'ap-southeast-1', forcePathStyle: true, timeoutMs: 3000 });
  });

  it('refuses to start with FILE_STORAGE=s3 and a setting missing or malformed, naming it', () => {
    expect(() => loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'palaro-uploads' })).toThrow(
      new ConfigError(
        'Invalid configuration — FILE_STORAGE=s3 needs S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
      ),
    );
    expect(() => loadConfig({ ...s3Env, S3_BUCKET: 'Palaro_Uploads' })).toThrow(/S3_BUCKET: must be an S3 bucket name/);
    expect(() => loadConfig({ ...s3Env, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3Env, FILE_STORAGE: 'gcs' })).toThrow(/FILE_STORAGE/);
  });
});
