// The documents feature's public API for other features: the authenticated download of an
// attachment (the account's data export), and the multipart upload with progress. Pages import
// the components directly.
export { downloadAttachment, fetchAttachment, saveBlob } from './utils/attachment';
// The upload pipeline's browser side, for other features that take a picture (a logo).
export { uploadRequest } from './utils/upload-request';
export { fileErrorMessage } from './utils/api-error';
export { FilePickerButton } from './components/file-picker-button';
export { formatBytes, formatDay } from './utils/format';
