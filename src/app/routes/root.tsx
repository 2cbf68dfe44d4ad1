import { Outlet } from 'react-router-dom';
import { SiteLayout } from '@/components/layout/site-layout';

export function RootLayout() {
  return (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  );
}
