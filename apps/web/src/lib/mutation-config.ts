import type { UseMutationOptions } from '@tanstack/react-query';

/**
 * What a screen may add to a feature's mutation hook: its own reactions (a message under a field,
 * the next page). The request and the queries it changes belong to the hook, so every screen
 * that makes the change keeps the cache right.
 */
export type MutationConfig<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
>;

type OnSuccess<TData, TVariables> = NonNullable<MutationConfig<TData, TVariables>['onSuccess']>;

/**
 * The hook's effect on the app's data first, then the screen's reaction, which may rely on it
 * (a login remembers the member before the screen moves on to a member page).
 */
export function afterOwn<TData, TVariables>(
  own: (data: TData, variables: TVariables) => void,
  screen: MutationConfig<TData, TVariables>['onSuccess'],
): OnSuccess<TData, TVariables> {
  return (data, variables, ...rest) => {
    own(data, variables);
    return screen?.(data, variables, ...rest);
  };
}
