import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes `start` to `end`, both included (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFile {
  stream: Readable;
  /** The whole object's size, whatever the range asked. */
  size: number;
}

/**
 * Where uploaded bytes live. Keys are opaque to callers (`storageKeyOf` makes them from the upload
 * id); the local disk is the only implementation today, and an S3-compatible store can implement the
 * same three calls (PutObject, GetObject with Range, DeleteObject).
 */
export interface FileStorage {
  /** Stores a stream, or moves a finished local file (the upload's checked temp file) under `key`. */
  put(key: string, source: Readable | { path: string }): Promise<void>;
  /** The object, or only `range` of it; undefined when there is none under `key`. */
  get(key: string, range?: ByteRange): Promise<StoredFile | undefined>;
  /** Idempotent: deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Moves an object to another key. Idempotent: when `from` is gone but `to` is there (an earlier move
   * finished), it succeeds; when neither is there, it throws.
   */
  move(from: string, to: string): Promise<void>;
}

const UUID_KEY =
  /^(private\/)?[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PRIVATE_PREFIX = 'private/';

/**
 * `ab/cd/abcd…`: two levels of 256 folders by id prefix, so no folder grows past a few thousand files.
 * Private files live under `private/` beside them, so no address of the public files can reach one.
 */
export function storageKeyOf(id: string, options: { isPrivate?: boolean } = {}): string {
  return `${options.isPrivate ? PRIVATE_PREFIX : ''}${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
}

/** Files under `root` (DATA_DIR/uploads), at the path their key names. */
export class LocalDiskStorage implements FileStorage {
  constructor(readonly root: string) {}

  #pathOf(key: string): string {
    // Keys are built by storageKeyOf; anything else (a traversal) never reaches the file system.
    if (!UUID_KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, source: Readable | { path: string }): Promise<void> {
    const target = this.#pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    if ('path' in source && typeof source.path === 'string' && !('pipe' in source)) {
      try {
        await rename(source.path, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        // Another device: copy, then drop the original.
        await copyFile(source.path, target);
        await rm(source.path, { force: true });
      }
      return;
    }
    try {
      await pipeline(source as Readable, createWriteStream(target, { flags: 'wx' }));
    } catch (error) {
      await rm(target, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile | undefined> {
    const file = this.#pathOf(key);
    let size: number;
    try {
      size = (await stat(file)).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    return { stream: createReadStream(file, range ?? {}), size };
  }

  async delete(key: string): Promise<void> {
    await rm(this.#pathOf(key), { force: true });
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.#pathOf(from);
    const target = this.#pathOf(to);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // Moved already (by an earlier run, or another instance at the same time).
      await stat(target);
    }
  }
}
