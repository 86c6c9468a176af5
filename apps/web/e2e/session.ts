import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { Page } from 'playwright-core';

import { baseUrl, password as demoPassword, outboxDir } from './browser.ts';

// What many browser tests do besides driving the page: log in through the form, call the API
// directly to make the data a test needs, read what the product mailed, wait for a snackbar,
// make a small valid PDF.

/** Opens /login, fills the log-in form and sends it (for a log-in that is meant to fail too). */
export async function submitLogIn(page: Page, email: string, password = demoPassword) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** Logs in through the log-in form and waits until the app has left /login. */
export async function logIn(page: Page, email: string, password = demoPassword) {
  await submitLogIn(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * One API call (`path` starts with `/api/`), as the user of `token` when given; throws with the
 * status and body unless the answer is 2xx. Returns the parsed body and the token the answer
 * issued (log-in, register), if any.
 */
export async function apiCall<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ body: T; token: string | undefined }> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? null : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return {
    body: (text ? JSON.parse(text) : undefined) as T,
    token: response.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') || undefined,
  };
}

/** A GET on the API that must answer 2xx, as the user of `token` when given. */
export async function apiGet<T>(path: string, token?: string): Promise<T> {
  return (await apiCall<T>(path, { token })).body;
}

/** The access token of a log-in through the API. */
export async function apiToken(email: string, password = demoPassword): Promise<string> {
  const { token } = await apiCall('/api/auth/login', {
    method: 'POST',
    body: { email, password },
  });
  if (!token) throw new Error(`log-in of ${email} issued no token`);
  return token;
}

/** Waits for a snackbar showing `text`. */
export async function snackbar(page: Page, text: string | RegExp) {
  await page.locator('[id^="snackbar-message-"]').filter({ hasText: text }).first().waitFor();
}

/** The smallest valid one-page PDF, for uploads. */
export function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** An e-mail as the product's development outbox keeps it. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The newest e-mail in this worker's product outbox that passes `test`, waiting up to 30 s for
 * it to arrive (mail is sent by a job after the request that asked for it has answered).
 */
export async function mailed(
  test: (mail: OutboxMail) => boolean,
  what = 'such mail',
): Promise<OutboxMail> {
  const dir = outboxDir();
  const deadline = Date.now() + 30_000;
  for (;;) {
    const files = (await readdir(dir).catch(() => []))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = JSON.parse(await readFile(join(dir, file), 'utf8')) as OutboxMail;
      if (test(mail)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no ${what} arrived`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
