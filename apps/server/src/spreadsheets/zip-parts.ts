import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { STOCK_UPLOAD_MESSAGES as M } from '@facet/contract';
import yauzl from 'yauzl';
import type { XlsxLimits } from './xlsx-limits.ts';

/** A spreadsheet past what is read; its message is for the person who sent it. */
export class SpreadsheetLimitError extends Error {}

/** Random access to a file's bytes: `read(start, end)` streams bytes start..end-1. */
export interface ByteSource {
  size: number;
  read(start: number, end: number): Readable;
}

export async function fileByteSource(path: string): Promise<ByteSource> {
  const { size } = await stat(path);
  return { size, read: (start, end) => createReadStream(path, { start, end: end - 1 }) };
}

/** A source whose ranges arrive asynchronously (a storage read), as yauzl needs them: at once. */
export function lazyByteSource(
  size: number,
  open: (start: number, end: number) => Promise<Readable>,
): ByteSource {
  return {
    size,
    read(start, end) {
      const through = new PassThrough();
      open(start, end).then(
        (stream) => {
          stream.on('error', (error) => through.destroy(error));
          stream.pipe(through);
        },
        (error: unknown) => through.destroy(error instanceof Error ? error : new Error(String(error))),
      );
      return through;
    },
  };
}

class SourceReader extends yauzl.RandomAccessReader {
  constructor(readonly source: ByteSource) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return this.source.read(start, end);
  }
}

/**
 * Counts what a part really unpacks to and stops at one byte past what the central directory
 * declared, which the checks before reading relied on: a lying directory gets no further.
 */
function declaredBytesOnly(declared: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > declared) callback(new SpreadsheetLimitError(M.damagedWorkbook));
      else callback(null, chunk);
    },
  });
}

/**
 * The parts of a zip, found through its central directory (never by scanning local headers, which can
 * hide parts the directory does not list), checked against `limits` before anything is unpacked.
 */
export class ZipParts {
  private constructor(
    readonly zip: yauzl.ZipFile,
    readonly parts: Map<string, yauzl.Entry>,
  ) {}

  static async open(source: ByteSource, limits: XlsxLimits): Promise<ZipParts> {
    const zip = await yauzl.fromRandomAccessReaderPromise(new SourceReader(source), source.size, {
      autoClose: false,
      validateEntrySizes: false,
      strictFileNames: false,
    });
    try {
      const parts = new Map<string, yauzl.Entry>();
      let unpacked = 0;
      for await (const entry of zip.eachEntry()) {
        if (parts.size >= limits.maxParts) throw new SpreadsheetLimitError(M.unpackedTooLarge(mb(limits)));
        unpacked += entry.uncompressedSize;
        if (unpacked > limits.maxUnpackedBytes)
          throw new SpreadsheetLimitError(M.unpackedTooLarge(mb(limits)));
        const grows = entry.uncompressedSize > Math.max(1, entry.compressedSize) * limits.maxPartRatio;
        if (grows && entry.uncompressedSize > limits.ratioGraceBytes) {
          throw new SpreadsheetLimitError(M.partTooCompressed(limits.maxPartRatio));
        }
        parts.set(entry.fileName, entry);
      }
      return new ZipParts(zip, parts);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  has(name: string): boolean {
    return this.parts.has(name);
  }

  sizeOf(name: string): number {
    return this.parts.get(name)?.uncompressedSize ?? 0;
  }

  /** The part unpacked, as a stream that fails past its declared size. */
  async read(name: string): Promise<Readable> {
    const entry = this.parts.get(name);
    if (!entry) throw new Error(`no part ${name} in the zip`);
    const stream = await this.zip.openReadStreamPromise(entry);
    const counted = declaredBytesOnly(entry.uncompressedSize);
    stream.on('error', (error) => counted.destroy(error));
    // Stopped or refused: nothing more is unpacked.
    counted.on('close', () => stream.destroy());
    return stream.pipe(counted);
  }

  close(): void {
    this.zip.close();
  }
}

const mb = (limits: XlsxLimits) => Math.floor(limits.maxUnpackedBytes / 1024 / 1024);
