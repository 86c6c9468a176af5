import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { expectNoAxeViolations, launch, newPage, password, screenshot, wait } from './browser.ts';
import { logIn } from './session.ts';

// A primary user connects the organization's HR system: registers an endpoint on the
// integrations page, keeps the secret shown once, sends a test event that a real receiver
// verifies with that secret, and reads the deliveries log, at 1280 and 390 px.

let browser: Browser;
let server: Server;
let receiver: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  browser = await launch();
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pathways/webhooks`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const shot = (page: Page, name: string) =>
  screenshot(page, `client-webhooks/${name}`, { fullPage: true });

it('a primary user registers an endpoint, keeps its secret, sends a test event and reads the log', async () => {
  const { context, page } = await newPage(browser);
  try {
    await logIn(page, 'client@demo.test', password);
    await page.goto('/client/integrations');
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await page.getByText('No endpoints yet.').waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'empty-1280');

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await dialog.getByLabel(/Endpoint URL/).fill(receiver);
    await dialog.getByLabel('Description').fill('HR system');
    await dialog.getByLabel('All events, including those added later').uncheck();
    await dialog.getByRole('checkbox', { name: /application\.created/ }).check();
    await dialog.getByRole('checkbox', { name: /interview\.booked/ }).check();
    await expectNoAxeViolations(page);
    await shot(page, 'add-1280');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = await secretDialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectNoAxeViolations(page);
    await shot(page, 'secret-1280');
    await secretDialog.getByRole('button', { name: 'Done' }).click();

    const card = page.getByRole('listitem', { name: 'HR system' });
    await card.getByText('2 events: application.created, interview.booked').waitFor();
    await card.getByRole('button', { name: 'Send test event' }).click();
    // The worker sends it: the page says it was delivered, or that it is on its way.
    await page.getByText(/Test event (delivered \(HTTP 204|sent)/).waitFor();
    await expect.poll(() => received.length, wait).toBe(1);
    const message = new Webhook(secret).verify(received[0]!.body, {
      'webhook-id': String(received[0]!.headers['webhook-id']),
      'webhook-timestamp': String(received[0]!.headers['webhook-timestamp']),
      'webhook-signature': String(received[0]!.headers['webhook-signature']),
    });
    expect(message).toMatchObject({ type: 'webhook.test' });
    await expectNoAxeViolations(page);
    await shot(page, 'list-1280');

    await card.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('dialog', { name: 'Deliveries to HR system' });
    const item = log.getByRole('listitem', { name: 'webhook.test' });
    // A delivery still pending is looked at again until it is settled.
    await item.getByText('Delivered').waitFor({ timeout: 15_000 });
    await item.getByText(/1 attempt · HTTP 204 in \d+ ms/).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'deliveries-1280');
    await item.getByRole('button', { name: 'Replay' }).click();
    await expect.poll(() => received.length, wait).toBe(2);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await shot(page, 'deliveries-390');
    await log.getByRole('button', { name: 'Close' }).click();
    await log.waitFor({ state: 'detached' });
    await expectNoAxeViolations(page);
    await shot(page, 'list-390');
    await card.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit endpoint' }).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'edit-390');
  } finally {
    await context.close();
  }
});
