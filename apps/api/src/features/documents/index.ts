export { documentsRoutes } from './documents.routes.ts';
export { sendDownload } from './serve.ts';
// What other features read or remove of a user's documents.
export {
  deleteUserFiles,
  documentKindsOf,
  documentsOfUsers,
  listDocumentsOf,
  type Download,
} from './documents.service.ts';
export { downloadDocumentOf } from './documents.deps.ts';

// The upload pipeline, for other features that take an image: a picture that stands for its
// owner (an organization's logo, as the candidate's avatar) is stored, replaced, removed and
// served by `storedPictures`; a campaign's banner uses the multipart reader, the content check
// by magic bytes, and the resize that strips metadata.
export { makeBannerImage, makeLogo } from './avatar-image.ts';
export { sniffContentType } from './content-type.ts';
export { pictureKeys } from './picture-keys.ts';
export { storedPictures } from './stored-pictures.ts';
export { deleteBlobs } from './documents.service.ts';
export { cleanFileName, attachmentDisposition } from './file-names.ts';
export { receiveUpload, type ReceivedUpload } from './multipart.ts';
