import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase';
import { salesKeys } from './keys';

/** The seller panel switch as the database sees it (public.panel_sharing_status). */
export type PanelSharing = {
  sharing: boolean;
  /** When sharing was turned on; null while it is off. */
  since: string | null;
  /** The user's items in the panel now. */
  shared: number;
  /** Imported items that stay private because their file did not say the condition. */
  withoutCondition: number;
  /** Items still to be shared after turning sharing on (shared in batches; see setPanelSharing). */
  pending: number;
};

/** Both sharing functions answer with the status; null only without a session, which is an error here. */
export function toPanelSharing(data: unknown): PanelSharing {
  if (!data || typeof data !== 'object') throw new Error('No sharing status: is the session still valid?');
  const status = data as Partial<PanelSharing>;
  return { ...status, pending: status.pending ?? 0 } as PanelSharing;
}

export async function getPanelSharing(): Promise<PanelSharing> {
  const { data, error } = await (await loadSupabase()).rpc('panel_sharing_status');
  if (error) throw error;
  return toPanelSharing(data);
}

export const panelSharingQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: salesKeys.sharing(userId),
    queryFn: getPanelSharing,
  });

export function usePanelSharing(userId: string) {
  return useQuery(panelSharingQueryOptions(userId));
}
