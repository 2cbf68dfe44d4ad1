import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

// Pages can change what the trail shows for their own path: a custom last label (the article title) or no trail
// at all (the 404 page). Overrides are tied to the path that set them, so a stale one never leaks to the next page.
type Override = { path: string; label?: string; hidden?: boolean };

type BreadcrumbContextValue = {
  override: Override | null;
  setOverride: (value: Override | null) => void;
};

const BreadcrumbContext = createContext<BreadcrumbContextValue | null>(null);

export function BreadcrumbProvider({ children }: { children: ReactNode }) {
  const [override, setOverride] = useState<Override | null>(null);
  const value = useMemo(() => ({ override, setOverride }), [override]);
  return <BreadcrumbContext.Provider value={value}>{children}</BreadcrumbContext.Provider>;
}

function useBreadcrumbOverride(next: Omit<Override, 'path'>) {
  const context = useContext(BreadcrumbContext);
  const { pathname } = useLocation();
  const setOverride = context?.setOverride;
  const { label, hidden } = next;
  useEffect(() => {
    if (!setOverride) return;
    setOverride({ path: pathname, label, hidden });
    return () => setOverride(null);
  }, [setOverride, pathname, label, hidden]);
}

/**
 * Replaces the text of the last breadcrumb for the current page, e.g. `useBreadcrumbLabel(article.title)`.
 * Pass undefined while the label is not known yet (the slug is shown meanwhile).
 */
export function useBreadcrumbLabel(label: string | undefined) {
  useBreadcrumbOverride({ label });
}

/** Component form of useBreadcrumbLabel, for pages that prefer JSX: `<BreadcrumbLabel label={article.title} />`. */
export function BreadcrumbLabel({ label }: { label: string | undefined }) {
  useBreadcrumbLabel(label);
  return null;
}

/** Hides the trail on the current page (the 404 page has no place in the site's hierarchy). */
export function HideBreadcrumbs() {
  useBreadcrumbOverride({ hidden: true });
  return null;
}

/** The override that applies to the current path, if any. */
export function useActiveBreadcrumbOverride(): Omit<Override, 'path'> {
  const context = useContext(BreadcrumbContext);
  const { pathname } = useLocation();
  const override = context?.override;
  if (!override || override.path !== pathname) return {};
  return { label: override.label, hidden: override.hidden };
}
