/** `npm run generate:routes`: rewrites the web's path table from the contract's endpoints. */
import { writeFileSync } from 'node:fs';
import { ENDPOINTS } from '@sentiero/contract/endpoints';
import { ROUTES_FILE, renderRoutesFile } from '@sentiero/contract/routes-file';

writeFileSync(ROUTES_FILE, renderRoutesFile(ENDPOINTS));
console.log(`Wrote ${Object.keys(ENDPOINTS).length} routes to ${ROUTES_FILE.pathname}.`);
