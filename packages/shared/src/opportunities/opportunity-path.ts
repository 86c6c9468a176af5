// An opportunity's page address. Apart from the schemas so that a page that only links to
// opportunities (the home page's featured list) does not download the validation library.
import { paths } from '../navigation/paths.ts';

/** The readable part of `/opportunities/{id}/{name}`: "Graduate Programme: IT" -> "graduate-programme-it". */
export function nameSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The canonical page of an opportunity, `/opportunities/{id}/{name}`. */
export function opportunityPagePath(id: number, name: string): string {
  const slug = nameSlug(name);
  return slug ? `${paths.opportunity(id)}/${slug}` : paths.opportunity(id);
}
