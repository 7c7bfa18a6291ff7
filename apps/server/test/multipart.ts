/** Request bodies of an upload, as the browser sends them. */

/**
 * One file (in the form field `file` unless told) after the text `fields`, as a multipart/form-data body with its
 * content-type header: `t.call({ as, method: 'POST', url, ...fileUpload('a.pdf', bytes, 'application/pdf') })`.
 */
export function fileUpload(
  filename: string,
  bytes: Uint8Array,
  type = 'application/octet-stream',
  opts: { field?: string; fields?: Record<string, unknown> } = {},
) {
  const boundary = `----b${Date.now()}${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(opts.fields ?? {}).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`),
  );
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
