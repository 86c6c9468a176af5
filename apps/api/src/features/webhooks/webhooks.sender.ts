import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

import { Webhook } from 'standardwebhooks';

import { RefusedAddressError, resolveAllowed } from './addresses.ts';

// Signing and sending one attempt. Messages are signed the Standard Webhooks way: the
// `webhook-signature` header holds `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` for each
// secret that signs now (two while a rotated secret is still valid), separated by spaces.

/** The longest part of an answer's body kept with an attempt. */
export const RESPONSE_BODY_LIMIT = 1024;

/** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The `webhook-signature` header for a message signed with each of the secrets. */
export function signatureHeader(
  secrets: readonly string[],
  messageId: string,
  at: Date,
  body: string,
): string {
  return secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' ');
}

export interface AttemptOutcome {
  statusCode: number | null;
  responseMs: number;
  error: string | null;
  responseBody: string | null;
}

export interface SendOptions {
  url: string;
  messageId: string;
  body: string;
  secrets: readonly string[];
  timeoutMs: number;
  allowPrivate: boolean;
}

/**
 * POSTs a signed message and reports how the receiver answered. The host is resolved and
 * checked first, and the connection goes to that checked address (TLS still verifies the
 * certificate of the host name); redirects are not followed.
 */
export async function sendSigned(options: SendOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(options.url);
  if (url.protocol !== 'https:' && !(options.allowPrivate && url.protocol === 'http:')) {
    return {
      statusCode: null,
      responseMs: 0,
      error: 'Only https:// addresses are allowed',
      responseBody: null,
    };
  }
  let target;
  try {
    target = await resolveAllowed(url.hostname, options.allowPrivate);
  } catch (error) {
    const message = error instanceof RefusedAddressError ? error.message : String(error);
    return { statusCode: null, responseMs: elapsed(), error: message, responseBody: null };
  }
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    } else callback(null, target.address, target.family);
  };
  const at = new Date();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Pathways-Webhooks/1',
    'webhook-id': options.messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatureHeader(options.secrets, options.messageId, at, options.body),
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, 'responseMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, responseMs: elapsed() });
    };
    const request = client.request(
      url,
      { method: 'POST', headers, lookup: pinned, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish({
            statusCode: response.statusCode ?? null,
            error: null,
            responseBody: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8'),
          });
        response.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_BODY_LIMIT) chunks.push(chunk);
          size += chunk.length;
          // The rest of a long answer is not read.
          if (size >= RESPONSE_BODY_LIMIT) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({
        statusCode: null,
        error: `No answer within ${options.timeoutMs} ms`,
        responseBody: null,
      });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error) =>
      finish({ statusCode: null, error: error.message || String(error), responseBody: null }),
    );
    request.end(options.body);
  });
}
