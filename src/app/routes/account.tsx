import { Seo } from '@/components/seo/seo';
import { paths } from '@/config/paths';
import { AccountPage } from '@/features/auth/components/account-page';
import { useAuth } from '@/features/auth/lib/auth-context';
import { YourSalesCard } from '@/features/sales/components/your-sales-card';
import { SavedSearchesList } from '@/features/search';

export default function AccountRoute() {
  const { user } = useAuth();
  return (
    <>
      <Seo
        title="My account"
        description="Your Flipwise saved searches, profile and password."
        path={paths.account}
        noindex
      />
      {/* The search feature's saved-searches list goes into the savedSearches slot. */}
      <AccountPage
        savedSearches={user ? <SavedSearchesList key={user.id} userId={user.id} /> : undefined}
        sales={<YourSalesCard salesHref={paths.sales} importHref={paths.salesImport} />}
      />
    </>
  );
}
