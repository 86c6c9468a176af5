import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

import { SCRIPT_CHUNK_LOAD_TIMEOUT_MS } from '@pathways/shared/common/constants';

export class ChunkLoadTimeoutError extends Error {
  override readonly name = 'ChunkLoadTimeoutError';
}

/** Rejects when a page's script has not arrived in time (120 s). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadTimeoutError('This page took too long to load.')),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A code-split page: its script loads on first visit, or fails after 120 seconds. */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
): LazyExoticComponent<ComponentType> {
  return lazy(() => withTimeout(load(), SCRIPT_CHUNK_LOAD_TIMEOUT_MS));
}
