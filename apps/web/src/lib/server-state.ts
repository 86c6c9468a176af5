// The queries a server-rendered page came with. Data the server has just read is as fresh
// as the page itself, so a query that otherwise asks again on every visit does not ask again
// for the first page; from the first move to another page on, it asks again as usual.

const fromServer = new Set<string>();

export function rememberServerQueries(hashes: Iterable<string>) {
  for (const hash of hashes) fromServer.add(hash);
}

export function forgetServerQueries() {
  fromServer.clear();
}

/** staleTime for a query that is always asked again, except with the page the server rendered. */
export const freshOnlyFromServer = (query: { queryHash: string }): number =>
  fromServer.has(query.queryHash) ? Number.POSITIVE_INFINITY : 0;
