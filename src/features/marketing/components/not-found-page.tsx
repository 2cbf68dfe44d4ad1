import { NotFoundView } from '@/components/layout';
import { paths } from '@/config/paths';

/** SPEC §2: any other path shows 'Page Not Found' and a way home. */
export function NotFoundPage() {
  return (
    <NotFoundView
      title="Page Not Found"
      description="The page you are looking for might have been removed, had its name changed, or is temporarily unavailable."
      action={{ to: paths.home, label: 'Go Back Home' }}
    />
  );
}
