import { createContext, useContext } from 'react';

/**
 * Whether the browser asks to save data (the `Save-Data` setting of data-saver modes, read as
 * `navigator.connection.saveData`). Pages then fetch nothing optional (featured lists, logos,
 * map backgrounds) until the user asks for it.
 */
export function prefersSavingData(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/**
 * The same wish for the page being rendered: in the browser its own setting; on the server the
 * request's `Save-Data: on` header (the browser sends it from the same setting), given through
 * this context, so a page the server rendered hydrates with the same choices.
 */
export const SaveDataContext = createContext<boolean | undefined>(undefined);

export function useSavingData(): boolean {
  return useContext(SaveDataContext) ?? prefersSavingData();
}
