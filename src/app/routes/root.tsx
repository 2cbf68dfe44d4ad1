import { Outlet } from 'react-router-dom';
import { SiteLayout } from '@/components/layout/site-layout';
import { AccountNav, MobileAccountNav } from '@/features/auth/components/account-nav';
import { AuthDialogHost } from '@/features/auth/components/auth-dialog-host';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { useAuth } from '@/features/auth/lib/auth-context';

export function RootLayout() {
  return (
    <AuthProvider>
      <Frame />
      <AuthDialogHost />
    </AuthProvider>
  );
}

/** Inside the provider, so that logging in or out (a new user id) closes the mobile menu. */
function Frame() {
  const { user } = useAuth();
  return (
    <SiteLayout
      accountSlot={<AccountNav />}
      mobileAccountSlot={<MobileAccountNav />}
      menuResetKey={user?.id ?? ''}
    >
      <Outlet />
    </SiteLayout>
  );
}
