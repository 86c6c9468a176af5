/** Every query of the organization's client users, under one prefix so a change refreshes them all. */
export const managerKeys = {
  all: ['client', 'clients'] as const,
  list: () => [...managerKeys.all, 'list'] as const,
  me: ['client', 'me'] as const,
};
