/** Every query of the organization's API keys, under one prefix so a change refreshes them all. */
export const apiKeyKeys = {
  all: ['client', 'api-keys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
  requests: (id: number, page: number) => [...apiKeyKeys.all, id, 'requests', page] as const,
};
