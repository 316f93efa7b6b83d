/** What other modules and the app's wiring may use of finds (ADR 011); its other files are its own. */

export { ImportError } from './files.ts';
export { readFindsFileInThread } from './import-thread.ts';
export { fillNotebookWeather } from './notebook.ts';
export { readFindsFile } from './read-finds.ts';
export { registerFindRoutes } from './routes.ts';
export { eraseMemberFindsAndNotebook, listMemberRecordsForExport } from './service.ts';
