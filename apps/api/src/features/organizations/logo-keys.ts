import { pictureKeys } from '../documents/index.ts';

/**
 * An organization's logos: `organizations/7/logos/<random>.webp`, served as
 * `/api/organization_logos/7-<random>.webp`.
 */
export const logoKeys = pictureKeys('organizations', 'logos', '/api/organization_logos/');
