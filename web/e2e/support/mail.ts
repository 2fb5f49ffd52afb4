/**
 * The server's mails as the journeys read them: each is an .eml file in `QUESTLINE_E2E_DATA_DIR/mail` (see
 * playwright.config.ts). A game master needs a proven e-mail address, so the people of the journeys open their
 * verification link first.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { expect, type APIRequestContext } from '@playwright/test';

/** The body of an .eml file, decoded from its transfer encoding. */
function decodeMail(raw: string): { headers: string; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  let body = raw.slice(split).trim();
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    body = Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return { headers, body };
}

/** Waits for the mail to `email` that carries a `/{path}?token=` link; returns the link's path and query. */
export async function linkFromMail(email: string, path: string): Promise<string> {
  const dataDir = process.env.QUESTLINE_E2E_DATA_DIR;
  if (!dataDir) throw new Error('QUESTLINE_E2E_DATA_DIR is not set (see playwright.config.ts)');
  const mailDir = join(dataDir, 'mail');
  const pattern = new RegExp(`https?://\\S+/${path}\\?token=[^\\s]+`);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(mailDir).filter((file) => file.endsWith('.eml'));
        } catch {
          return undefined;
        }
        for (const file of files.sort().reverse()) {
          const { headers, body } = decodeMail(readFileSync(join(mailDir, file), 'utf8'));
          if (!headers.toLowerCase().includes(email.toLowerCase())) continue;
          const match = pattern.exec(body);
          if (match) {
            link = match[0];
            return link;
          }
        }
        return undefined;
      },
      { message: `a mail to ${email} with a ${path} link`, timeout: 30_000 },
    )
    .toBeTruthy();
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}

/** Proves `email` with the link of its verification mail, through the API of `request`. */
export async function verifyEmail(request: APIRequestContext, email: string) {
  const link = await linkFromMail(email, 'verify-email');
  const token = new URL(link, 'http://localhost').searchParams.get('token');
  const response = await request.post('/api/auth/verify-email', {
    headers: { 'X-Questline-Csrf': '1' },
    data: { token },
  });
  expect(response.ok(), `verify ${email}`).toBe(true);
}
