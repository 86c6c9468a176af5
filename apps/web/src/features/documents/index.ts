// The documents feature's public API for other features: the authenticated download of an
// attachment (the account's data export). Pages import the components directly.
export { downloadAttachment, fetchAttachment, saveBlob } from './utils/attachment';
