import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (feedback images, profile pictures): the database keeps who owns a
 * file and its key, the store keeps the bytes. Local disk under DATA_DIR today; an object store
 * (S3-compatible) would be another implementation of this interface, chosen by configuration.
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
      await mkdir(path.dirname(file), { recursive: true });
      // A reader never sees half a file: the rename is atomic on one file system.
      const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
      await writeFile(partial, bytes, { flag: 'wx' });
      await rename(partial, file);
      return key;
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

const storages = new Map<string, FileStorage>();

/** The app's file storage: the uploads folder of DATA_DIR. */
export function fileStorageOf(config: { dataDir: string }): FileStorage {
  const folder = path.join(config.dataDir, 'uploads');
  let storage = storages.get(folder);
  if (!storage) {
    storage = localDiskStorage(folder);
    storages.set(folder, storage);
  }
  return storage;
}
