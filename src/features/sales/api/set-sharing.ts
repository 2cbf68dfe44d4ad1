import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase';
import { toPanelSharing, type PanelSharing } from './get-sharing';
import { salesKeys } from './keys';

/** Sharing calls are limited per account (PostgREST's PT429, the seconds to wait in `details`). */
export class SharingRateLimited extends Error {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(message);
    this.name = 'SharingRateLimited';
  }
}

type RpcError = { code?: string; message: string; details?: string | null };

function rateLimited(error: RpcError): SharingRateLimited | null {
  if (error.code !== 'PT429') return null;
  const seconds = Number(error.details);
  return new SharingRateLimited(error.message, Number.isFinite(seconds) && seconds > 0 ? seconds : 60);
}

const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * Joins or leaves the seller panel (public.panel_set_sharing); leaving removes every comp of the user at once. Joining
 * shares up to 2,000 items per call; the rest follow through public.panel_share_more, each answer passed to
 * `onProgress` so the switch can say how far it is.
 */
export async function setPanelSharing(
  share: boolean,
  onProgress: (status: PanelSharing) => void = () => {},
): Promise<PanelSharing> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('panel_set_sharing', { p_share: share });
  if (error) throw rateLimited(error) ?? error;
  let status = toPanelSharing(data);
  while (status.sharing && status.pending > 0) {
    onProgress(status);
    const more = await supabase.rpc('panel_share_more');
    if (more.error) {
      // A very long history can meet the per-account limit: wait it out and go on, the progress line still showing.
      const limited = rateLimited(more.error);
      if (!limited) throw more.error;
      await wait(Math.min(limited.retryAfter, 60));
      continue;
    }
    const next = toPanelSharing(more.data);
    // Nothing moved (another tab, or items that cannot be shared): stop rather than spin.
    if (next.shared <= status.shared) return next;
    status = next;
  }
  return status;
}

export function useSetPanelSharing(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Each batch's answer goes straight into the cache, so the status line counts up while a long history is shared.
    mutationFn: (share: boolean) =>
      setPanelSharing(share, (status) => queryClient.setQueryData(salesKeys.sharing(userId), status)),
    // A status read still under way would land after the answer below and show the old setting.
    onMutate: () => queryClient.cancelQueries({ queryKey: salesKeys.sharing(userId) }),
    onSuccess: (status) => queryClient.setQueryData(salesKeys.sharing(userId), status),
    // A request that failed on the way back may still have changed the setting: show what the database holds.
    onError: () => queryClient.invalidateQueries({ queryKey: salesKeys.sharing(userId) }),
  });
}
