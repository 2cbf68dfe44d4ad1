import { Outlet } from 'react-router-dom';
import { SiteLayout } from '@/components/layout/site-layout';
import { AccountNav, MobileAccountNav } from '@/features/auth/components/account-nav';
import { AuthDialogHost } from '@/features/auth/components/auth-dialog-host';
import { AuthProvider } from '@/features/auth/components/auth-provider';

export function RootLayout() {
  return (
    <AuthProvider>
      <SiteLayout accountSlot={<AccountNav />} mobileAccountSlot={<MobileAccountNav />}>
        <Outlet />
      </SiteLayout>
      <AuthDialogHost />
    </AuthProvider>
  );
}
