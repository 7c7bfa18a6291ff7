import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { FileStoreConfig } from '../config';
import type { FileStore } from './files';

/** A part of a streamed upload: S3's multipart minimum is 5 MiB; a stream holds at most one part in memory. */
export const S3_PART_BYTES = 8 * 1024 * 1024;

type S3Settings = Extract<FileStoreConfig, { kind: 's3' }>;

/** Whether an S3 error says the key is not there (NoSuchKey, or a bare 404 from some servers). */
function notFound(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.Code === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/** Reads a stream in parts of `size` bytes (the last one shorter). */
async function* partsOf(body: Readable, size: number): AsyncIterable<Buffer> {
  let chunks: Buffer[] = [];
  let held = 0;
  for await (const chunk of body) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    chunks.push(b);
    held += b.length;
    while (held >= size) {
      const all = Buffer.concat(chunks);
      yield all.subarray(0, size);
      chunks = [all.subarray(size)];
      held = all.length - size;
    }
  }
  if (held > 0 || chunks.length === 0) yield Buffer.concat(chunks);
}

/**
 * The S3-compatible store (decision 195): keys under the bucket's optional prefix; a streamed upload of more than
 * one part goes up as a multipart upload (aborted on failure, so no half object is ever visible); downloads stream
 * from the bucket through the server, which checks the caller's right and audits the read as for a local file.
 * Checksums are computed only where S3 requires them: several S3-compatible servers refuse the SDK's newer default
 * CRC headers.
 */
export function s3FileStore(settings: S3Settings, client?: S3Client): FileStore {
  const s3 =
    client ??
    new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const Bucket = settings.bucket;
  const at = (key: string) => {
    if (!key || key.startsWith('/') || key.split('/').some((p) => p === '..' || p === '.' || p === ''))
      throw new Error(`file key outside the store: ${key}`);
    return `${settings.prefix}${key}`;
  };

  async function putStream(key: string, body: Readable) {
    const Key = at(key);
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    try {
      for await (const part of partsOf(body, S3_PART_BYTES)) {
        if (!uploadId && parts.length === 0 && part.length < S3_PART_BYTES) {
          // the whole stream fit in one part: one plain PUT
          await s3.send(new PutObjectCommand({ Bucket, Key, Body: part, ContentLength: part.length }));
          return;
        }
        if (!uploadId) uploadId = (await s3.send(new CreateMultipartUploadCommand({ Bucket, Key }))).UploadId;
        const PartNumber = parts.length + 1;
        const res = await s3.send(
          new UploadPartCommand({
            Bucket,
            Key,
            UploadId: uploadId,
            PartNumber,
            Body: part,
            ContentLength: part.length,
          }),
        );
        parts.push({ ETag: res.ETag, PartNumber });
      }
      if (uploadId)
        await s3.send(
          new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
        );
    } catch (err) {
      if (uploadId) {
        try {
          await s3.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }));
        } catch (abortErr) {
          // the upload's own failure is the one reported; a failed abort is named beside it (the bucket's lifecycle
          // rule for incomplete multipart uploads removes the parts, docs/operating.md)
          const why = abortErr instanceof Error ? abortErr.message : String(abortErr);
          throw new Error(`${err instanceof Error ? err.message : String(err)} (aborting the upload failed: ${why})`, {
            cause: err,
          });
        }
      }
      throw err;
    }
  }

  return {
    kind: 's3',
    async put(key, bytes) {
      await s3.send(new PutObjectCommand({ Bucket, Key: at(key), Body: bytes, ContentLength: bytes.length }));
    },
    putStream,
    async get(key) {
      try {
        const res = await s3.send(new GetObjectCommand({ Bucket, Key: at(key) }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async getStream(key) {
      try {
        const res = await s3.send(new GetObjectCommand({ Bucket, Key: at(key) }));
        if (!res.Body) return null;
        return { stream: res.Body as Readable, size: Number(res.ContentLength ?? 0) };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      // S3 answers a delete of a missing key with success
      await s3.send(new DeleteObjectCommand({ Bucket, Key: at(key) }));
    },
    async *list(prefix = '') {
      let ContinuationToken: string | undefined;
      do {
        const res = await s3.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${settings.prefix}${prefix}`, ContinuationToken }),
        );
        for (const o of res.Contents ?? []) if (o.Key) yield o.Key.slice(settings.prefix.length);
        ContinuationToken = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
