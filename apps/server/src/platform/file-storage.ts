import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { ERROR_CODES } from '@palaro/contract';
import type { FileStorageConfig, S3StorageConfig } from './config';
import { DomainError } from './http/errors';

/**
 * Where uploaded files live (feedback images, profile pictures): the database keeps who owns a
 * file and its key, the store keeps the bytes. Local disk under DATA_DIR by default, an
 * S3-compatible object store with FILE_STORAGE=s3 (config.ts; docs/OPERATIONS.md).
 */
export interface FileStorage {
  /** Stores the bytes under a new random key and answers the key. */
  put(bytes: Buffer, prefix: string): Promise<string>;
  /** The bytes stored under the key, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing one is not an error (a retry, or a clean-up that ran twice). */
  remove(key: string): Promise<void>;
}

/** Keys are `<prefix>/<random>`: the prefix is ours and fixed, the rest random, so no key leaves the folder. */
const KEY_PATTERN = /^[a-z-]{1,32}\/[A-Za-z0-9_-]{22}$/;

export function newStorageKey(prefix: string): string {
  return `${prefix}/${randomBytes(16).toString('base64url')}`;
}

/** How long a client waits before trying again after the store failed. */
const STORAGE_RETRY_AFTER_SECONDS = 5;

/**
 * The store did not do what was asked: an object store down, too slow, or refusing our requests
 * (a wrong key or secret, a missing bucket), or a local disk failing. A 503 to the client with a
 * message fit for a player; what went wrong is in `cause`, which goes to the log only.
 */
export class FileStorageUnavailableError extends DomainError {
  constructor(cause: Error) {
    super(
      ERROR_CODES.upstreamUnavailable,
      'Uploaded files cannot be reached right now, try again shortly',
      { retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS },
      { cause },
    );
    this.name = 'FileStorageUnavailableError';
  }
}

/** A disk that fails (full, read-only, gone) is an unavailable store too, not a 500. */
async function onDisk<T>(operation: string, key: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new FileStorageUnavailableError(new Error(`Local disk ${operation} ${key}: ${reason}`, { cause: error }));
  }
}

/** Files on the local disk, one per key, written whole (to a temporary name, then renamed). */
export function localDiskStorage(folder: string): FileStorage {
  const fileOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error('Not a storage key');
    return path.join(folder, key);
  };
  return {
    async put(bytes, prefix) {
      const key = newStorageKey(prefix);
      const file = fileOf(key);
      return onDisk('write', key, async () => {
        await mkdir(path.dirname(file), { recursive: true });
        // A reader never sees half a file: the rename is atomic on one file system.
        const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
        await writeFile(partial, bytes, { flag: 'wx' });
        await rename(partial, file);
        return key;
      });
    },
    async get(key) {
      const file = fileOf(key);
      return onDisk('read', key, async () => {
        try {
          return await readFile(file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
          throw error;
        }
      });
    },
    async remove(key) {
      const file = fileOf(key);
      await onDisk('remove', key, () => rm(file, { force: true }));
    },
  };
}

/** The `<Code>` of an S3 error document (SignatureDoesNotMatch, NoSuchBucket, …), if it has one. */
function s3ErrorCode(body: string): string | undefined {
  return /<Code>([^<]{1,64})<\/Code>/.exec(body)?.[1];
}

/**
 * Each key's object URL: `<endpoint>/<bucket>/<key>` in path style (MinIO), else
 * `<bucket>.<endpoint host>/<key>` (AWS's virtual-hosted style).
 */
export function objectUrls(
  settings: Pick<S3StorageConfig, 'endpoint' | 'bucket' | 'forcePathStyle'>,
): (key: string) => string {
  const base = new URL(settings.endpoint);
  if (!settings.forcePathStyle) base.hostname = `${settings.bucket}.${base.hostname}`;
  const folder = base.pathname.replace(/\/+$/, '') + (settings.forcePathStyle ? `/${settings.bucket}` : '');
  return (key) => {
    if (!KEY_PATTERN.test(key)) throw new Error('Not a storage key');
    // The key's characters need no escaping in a path (KEY_PATTERN).
    return `${base.origin}${folder}/${key}`;
  };
}

/**
 * Files in an S3-compatible bucket, one object per key, each request signed (AWS signature V4,
 * by aws4fetch) and limited to `timeoutMs`. The object's SHA-256 travels with it, so the store
 * refuses bytes damaged on the way. An outage, a timeout or a refusal is a
 * FileStorageUnavailableError; a missing object is `null` (get) or nothing to do (remove).
 */
export function s3Storage(settings: Omit<S3StorageConfig, 'kind'>): FileStorage {
  // Two reruns of an answer 5xx or 429 (S3's "slow down"), within the same time limit; a
  // refused connection or a timeout is not rerun.
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    retries: 2,
    initRetryMs: 100,
  });
  const urlOf = objectUrls(settings);

  /** One signed request; answers the response when its status is 2xx or one of `accepted` (its body then read). */
  async function send(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    init: { body?: Buffer; headers?: Record<string, string> },
    accepted: number[] = [],
  ): Promise<Response> {
    const url = urlOf(key);
    let response: Response;
    try {
      response = await client.fetch(url, { method, ...init, signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${settings.timeoutMs} ms`
          : error instanceof Error
            ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`
            : String(error);
      throw new FileStorageUnavailableError(new Error(`Object store ${method} ${key}: ${reason}`, { cause: error }));
    }
    if (response.ok) return response;
    const code = s3ErrorCode(await response.text().catch(() => ''));
    // A missing object may be fine to the caller; a missing bucket never is.
    if (accepted.includes(response.status) && code !== 'NoSuchBucket') return response;
    throw new FileStorageUnavailableError(
      new Error(`Object store ${method} ${key} answered ${response.status}${code ? ` ${code}` : ''}`),
    );
  }

  /** Lets the connection go back to the pool when the answer's body is not needed. */
  async function discard(response: Response): Promise<void> {
    if (!response.bodyUsed) await response.body?.cancel();
  }

  /** Reads a body to its end within the request's time limit, a failure on the way counting as an outage. */
  async function bodyOf(response: Response, key: string): Promise<Buffer> {
    try {
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw new FileStorageUnavailableError(
        new Error(`Object store GET ${key}: the body did not arrive whole`, { cause: error }),
      );
    }
  }

  return {
    async put(bytes, keyPrefix) {
      const key = newStorageKey(keyPrefix);
      const response = await send('PUT', key, {
        body: bytes,
        headers: {
          'content-type': 'application/octet-stream',
          'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex'),
        },
      });
      await discard(response);
      return key;
    },
    async get(key) {
      const response = await send('GET', key, {}, [404]);
      return response.status === 404 ? null : bodyOf(response, key);
    },
    async remove(key) {
      // S3 answers 204 for a key it never had; some compatible stores answer 404.
      await discard(await send('DELETE', key, {}, [404]));
    },
  };
}

const storages = new Map<string, FileStorage>();

/** The app's file storage (one per setting, shared by the modules): the uploads folder of DATA_DIR, or the object store. */
export function fileStorageOf(config: { dataDir: string; fileStorage: FileStorageConfig }): FileStorage {
  const settings = config.fileStorage;
  const id = settings.kind === 's3' ? JSON.stringify(settings) : path.join(config.dataDir, 'uploads');
  let storage = storages.get(id);
  if (!storage) {
    storage = settings.kind === 's3' ? s3Storage(settings) : localDiskStorage(id);
    storages.set(id, storage);
  }
  return storage;
}
