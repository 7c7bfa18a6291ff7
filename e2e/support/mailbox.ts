import fs from 'node:fs';
import path from 'node:path';

/** Decodes the quoted-printable and base64 bodies of a raw message well enough to find links in it. */
export function decodeMessage(raw: string): string {
  const parts = [raw];
  for (const m of raw.matchAll(
    /Content-Transfer-Encoding:\s*base64\s*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi,
  )) {
    parts.push(Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  const qp = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  parts.push(Buffer.from(qp, 'latin1').toString('utf8'));
  return parts.join('\n');
}

/** Waits for a message to `to` captured by the test SMTP server and returns its decoded text. */
export async function waitForMail(to: string, timeoutMs = 30_000): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const name of fs.readdirSync(dir).sort().reverse()) {
      const raw = fs.readFileSync(path.join(dir, name), 'utf8');
      const firstLine = raw.split(/\r?\n/, 1)[0] ?? '';
      if (firstLine.toLowerCase().includes(to.toLowerCase())) return decodeMessage(raw);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
}
