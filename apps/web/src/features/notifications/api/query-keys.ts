/** The bell's list of notifications. */
export const notificationsQueryKey = ['candidate', 'notifications'] as const;
