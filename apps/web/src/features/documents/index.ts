// The documents feature's public API for other features: the authenticated download of an
// attachment (the account's data export), and the multipart upload with progress. Pages import
// the components directly.
export { downloadAttachment, fetchAttachment, saveBlob } from './utils/attachment';
export { uploadRequest } from './utils/upload-request';
