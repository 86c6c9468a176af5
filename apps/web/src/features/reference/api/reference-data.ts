/** Reference lists change rarely: an hour's cache saves a phone the downloads. */
export const REFERENCE_STALE_MS = 60 * 60 * 1000;

/**
 * The reference lists' schemas, loaded with the first list asked for: the search page's filters
 * use the lists, and a guest's search page hydrates without loading any schema.
 */
export const referenceSchemas = () => import('@pathways/shared/reference/reference.schemas');
