/** What other modules and the app's wiring may use of photos (ADR 011); its other files are its own. */

export { processPhoto } from './process.ts';
export { registerPhotoRoutes } from './routes.ts';
export {
  deletePhotos,
  eraseMemberPhotos,
  findPhotoRefs,
  listMemberPhotosForExport,
  requireOwnPhotos,
} from './service.ts';
