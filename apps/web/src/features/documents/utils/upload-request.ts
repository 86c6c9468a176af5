import type { ZodType } from 'zod';

import { env } from '../../../config/env';
import { expireSession } from '../../../lib/api-client';
import { tokenStore } from '../../../lib/session/token-store';
import { apiErrorFrom } from './api-error';

export interface UploadOptions<T> {
  method?: 'POST' | 'PUT';
  form: FormData;
  schema: ZodType<T>;
  /** From 0 to 1 as the bytes leave the phone. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A multipart upload with progress. fetch cannot report upload progress, so this one call
 * uses XMLHttpRequest, with the same bearer token, token renewal and errors as apiRequest.
 */
export function uploadRequest<T>(path: string, options: UploadOptions<T>): Promise<T> {
  const { method = 'POST', form, schema, onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const token = tokenStore.get();
    xhr.open(method, `${env.apiBase}/${path.replace(/^\//, '')}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const issued = xhr.getResponseHeader('Authorization');
      if (issued && /^Bearer\s+\S+$/i.test(issued)) {
        tokenStore.set(issued.replace(/^Bearer\s+/i, ''));
      }
      const body = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 401 && token) expireSession(token);
        reject(apiErrorFrom(xhr.status, body));
        return;
      }
      try {
        resolve(schema.parse(body));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => reject(new TypeError('The upload could not reach Pathways.'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
