import { useMutation, type UseMutationOptions } from '@tanstack/react-query';

/** What a feature's mutation hook lets its caller add (callbacks, mostly); the fetcher is the feature's own. */
export type MutationConfig<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
>;

export type FeatureMutation<TData, TVariables> = {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The feature's own cache work once the server said yes; it runs before the caller's `onSuccess`. */
  settle?: (data: TData, variables: TVariables) => void;
};

/**
 * Every feature's mutation hook: the feature's fetcher and cache work, then what the caller added (a toast,
 * a navigation). One place, so no hook wraps `onSuccess` by hand and none forgets to call the caller's.
 */
export function useFeatureMutation<TData, TVariables>(
  { mutationFn, settle }: FeatureMutation<TData, TVariables>,
  { onSuccess, ...config }: MutationConfig<TData, TVariables> = {},
) {
  return useMutation({
    ...config,
    mutationFn,
    onSuccess: (...args) => {
      settle?.(args[0], args[1]);
      return onSuccess?.(...args);
    },
  });
}
