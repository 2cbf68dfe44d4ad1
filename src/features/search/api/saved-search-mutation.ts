import { useMutation, useQueryClient } from '@tanstack/react-query';
import { searchKeys } from './keys';

/** A change to the user's saved searches: the list is read again once it settles, whether it worked or not. */
export function useSavedSearchMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchKeys.saved() }),
  });
}
