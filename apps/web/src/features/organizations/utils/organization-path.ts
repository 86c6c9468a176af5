import { paths } from '@pathways/shared/navigation/paths';
import { nameSlug } from '@pathways/shared/opportunities/opportunity-path';

/** The canonical page of an organization, `/organizations/{id}/{name}`. */
export function organizationPagePath(id: number, name: string): string {
  const slug = nameSlug(name);
  return slug ? `${paths.organization(id)}/${slug}` : paths.organization(id);
}
