import type { UseMutationOptions } from '@tanstack/react-query';

/** What a feature's mutation hook lets its caller add (callbacks, mostly); the fetcher is the feature's own. */
export type MutationConfig<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
>;
