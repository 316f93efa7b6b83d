/** What other modules and the app's wiring may use of catalogue photos (ADR 011); its other files are its own. */
export { registerCataloguePhotoRoutes } from './routes.ts';
export {
  addCataloguePhoto,
  findCardPhotos,
  listCataloguePhotos,
  removeCataloguePhoto,
  reorderCataloguePhotos,
  type WithChange,
} from './service.ts';
