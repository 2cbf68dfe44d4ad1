import { Seo } from '@/components/seo/seo';
import { paths } from '@/config/paths';
import { AccountPage } from '@/features/auth/components/account-page';

export default function AccountRoute() {
  return (
    <>
      <Seo
        title="My account"
        description="Your Flipwise profile, password and saved searches."
        path={paths.account}
        noindex
      />
      {/* The search feature's saved-searches list goes into the savedSearches slot. */}
      <AccountPage />
    </>
  );
}
