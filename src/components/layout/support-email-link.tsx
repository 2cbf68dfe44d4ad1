import type { ReactNode } from 'react';
import { site } from '@/config/site';

/** The support address as a mailto link, so the address shown and the one written to are always the same. */
export function SupportEmailLink({ className, icon }: { className?: string; icon?: ReactNode }) {
  return (
    <a href={`mailto:${site.supportEmail}`} className={className}>
      {icon}
      {site.supportEmail}
    </a>
  );
}
