import type { ApiInput, ApiOutput } from '@sentiero/contract/api';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import type { MutationConfig } from '../../lib/mutation-config.ts';

/** A message to the operator (SPEC section 4); it changes nothing the app has cached. */
export function useSendContactMessage(
  config: MutationConfig<ApiOutput<'contactUs'>, ApiInput<'contactUs'>> = {},
) {
  return useMutation({
    ...config,
    mutationFn: (input: ApiInput<'contactUs'>) => callApi('contactUs', input),
  });
}
