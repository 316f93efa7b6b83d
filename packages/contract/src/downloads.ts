import { z } from 'zod';
import { ZLanguageParam } from './common.ts';
import { ZId } from './paging.ts';

/** Area and ticket rules are downloaded as files: `GET /api/app/area/rules?id=…&lng=…`. */
export const ZRulesDownloadRequest = z.object({ lng: ZLanguageParam, id: ZId });
