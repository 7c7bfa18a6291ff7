import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * An S3-compatible server on this machine for the tests (s3rver: signed requests, multipart uploads, listings), with
 * one bucket, and the environment an operator would write to point RegCheck at it (FILE_STORE=s3, decision 195).
 */
export async function startS3(bucket = 'regcheck-files') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    /** the S3_* settings of an installation whose files live under `prefix` in the bucket */
    env: (prefix = ''): Record<string, string> => ({
      FILE_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: prefix,
    }),
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
