import { useEffect } from 'react';

import type { JobPosting } from '@pathways/shared/opportunities/job-posting';
import { scriptSafeJson } from '@pathways/shared/common/script-json';

/**
 * schema.org JobPosting structured data, so search engines can list the job. Serialized with
 * `<`, `>` and `&` escaped: a description containing `</script>` cannot end the element early.
 */
export function JobPostingScript({ posting }: { posting: JobPosting }) {
  // The server put the same data in <head> for crawlers; the page's own copy replaces it.
  useEffect(() => {
    for (const element of document.querySelectorAll('script[data-server-head]')) element.remove();
  }, []);
  return (
    <script
      type="application/ld+json"
      // The text is JSON escaped for a script element by scriptSafeJson, never raw HTML.
      dangerouslySetInnerHTML={{ __html: scriptSafeJson(posting) }}
    />
  );
}
