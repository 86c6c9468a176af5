// The documents feature's public API for other features: the authenticated download of an
// attachment (the account's data export), and the multipart upload with progress. Pages import
// the components directly.
export { downloadAttachment, fetchAttachment, saveBlob } from './utils/attachment';
// The upload pipeline's browser side, for other features that take a picture: a logo uses the
// profile picture's card and request, a campaign's banner the upload with progress.
export { uploadRequest } from './utils/upload-request';
export { uploadPicture } from './api/upload-picture';
export { PictureCard } from './components/picture-card';
export { formatBytes, formatDay } from './utils/format';
