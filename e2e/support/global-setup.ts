import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * Starts the in-process SMTP server that the RegCheck server sends to; each message is written as an .eml file
 * to E2E_MAIL_DIR for the specs to read. Returns the teardown, which also removes the temporary folders.
 */
export default async function globalSetup() {
  const mailDir = process.env.E2E_MAIL_DIR;
  const port = Number(process.env.E2E_SMTP_PORT);
  if (!mailDir || !port) throw new Error('playwright.config.ts did not prepare E2E_MAIL_DIR / E2E_SMTP_PORT');
  let counter = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        counter += 1;
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        const name = `${Date.now()}-${String(counter).padStart(4, '0')}.eml`;
        fs.writeFileSync(path.join(mailDir, name), `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const base = path.dirname(mailDir);
    if (base.includes('regcheck-e2e-')) fs.rmSync(base, { recursive: true, force: true });
  };
}
