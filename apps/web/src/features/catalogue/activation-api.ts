import type { ApiOutput } from '@sentiero/contract/api';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import type { MutationConfig } from '../../lib/mutation-config.ts';

/**
 * The catalogue's one mutation, beside `api.ts` rather than in it: `api.ts` ships in the home
 * page's first bundle (its category list, region picker and ticket rows), and a mutation hook
 * there would bring TanStack's mutation code into it, about 1 KB gzipped (ADR 006). This file
 * loads with the area page that uses it.
 */

/** "Area not available": an email to hear when the area opens. Nothing cached changes. */
export function useRequestAreaActivation(
  areaId: number,
  config: MutationConfig<ApiOutput<'areaActivationRequest'>, string> = {},
) {
  return useMutation({
    ...config,
    mutationFn: (email: string) => callApi('areaActivationRequest', { id: areaId, email }),
  });
}
