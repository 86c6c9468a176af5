import {
  applicantsWithoutText,
  BUNDLE_LINK_DAYS,
  bundleContentsText,
  type DocumentBundleContents,
} from '@pathways/shared/document-bundles/document-bundles.schemas';

import type { Mail } from '../../lib/mailer.ts';
import { mailLayout } from '../auth/index.ts';

/**
 * "Your document bundle is ready": what it holds (how many documents from how many applicants,
 * and who had none) and the signed download link, valid for 7 days.
 */
export function bundleReadyMail(
  to: string,
  bundle: {
    firstName: string | null;
    opportunity: string;
    contents: DocumentBundleContents;
    url: string;
  },
): Mail {
  const without = applicantsWithoutText(bundle.contents);
  return mailLayout(
    to,
    `Your document bundle for ${bundle.opportunity} is ready`,
    [
      `Hello ${bundle.firstName ?? 'there'},`,
      `The documents you asked for of ${bundle.opportunity} are ready as one zip file: ${bundleContentsText(bundle.contents)}, with a folder for each applicant and a list of what it holds (Contents.txt).`,
      ...(without ? [without] : []),
      `The link works for ${BUNDLE_LINK_DAYS} days; anyone who has it can download the documents, so do not forward this e-mail. Request the bundle again once it has expired.`,
    ],
    { label: 'Download the documents', url: bundle.url },
  );
}

/** "Your document bundle could not be made": said so the requester is not left waiting. */
export function bundleFailedMail(
  to: string,
  bundle: { firstName: string | null; opportunity: string; url: string },
): Mail {
  return mailLayout(
    to,
    `Your document bundle for ${bundle.opportunity} could not be made`,
    [
      `Hello ${bundle.firstName ?? 'there'},`,
      `Something went wrong while we put together the documents you asked for of ${bundle.opportunity}, so there is nothing to download.`,
      'Please request the bundle again; if it fails again, contact support.',
    ],
    { label: 'Open Pathways', url: bundle.url },
  );
}
