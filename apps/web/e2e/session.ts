import type { Page } from 'playwright-core';

import { baseUrl, password as demoPassword } from './browser.ts';

// What many browser tests do besides driving the page: log in through the form, call the API
// directly to make the data a test needs, wait for a snackbar, make a small valid PDF.

/** Logs in through the log-in form and waits until the app has left /login. */
export async function logIn(page: Page, email: string, password = demoPassword) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
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
  await page.locator('#notistack-snackbar').filter({ hasText: text }).first().waitFor();
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
