/**
 * Whether the browser asks to save data (the `Save-Data` setting of data-saver modes, read as
 * `navigator.connection.saveData`). Pages then fetch nothing optional (featured lists, logos)
 * until the user asks for it.
 */
export function prefersSavingData(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}
