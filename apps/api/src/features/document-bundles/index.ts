export { documentBundlesRoutes } from './document-bundles.routes.ts';
export { documentBundleJobs, documentBundleQueues } from './document-bundles.jobs.ts';
