// The document bundles feature's public API: the button a list of applicants places in its
// bulk toolbar, and the user's recent bundles.
export { RequestBundleButton } from './components/request-bundle-button';
export { documentBundleKeys, useDocumentBundles } from './api/document-bundles';
