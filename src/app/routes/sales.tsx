import { Link } from 'react-router-dom';
import { Seo } from '@/components/seo/seo';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { DeleteImportedData } from '@/features/sales/components/delete-imported-data';
import { SalesDashboard } from '@/features/sales/components/sales-dashboard';
import { ShareWithPanel } from '@/features/sales/components/share-with-panel';
import { SignedInOnly } from './signed-in-only';

/** /account/sales: "Your sales", a reseller's own figures from the files they imported. */
export default function SalesRoute() {
  return (
    <>
      <Seo
        title="Your sales"
        description="Your own profit, sell-through, days to sell and sale prices from the sales you imported."
        path={paths.sales}
        noindex
      />
      <div className="container max-w-6xl py-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-bold tracking-tight">Your sales</h1>
          <Link to={paths.salesImport} className={buttonVariants()}>
            Import sales
          </Link>
        </div>
        {/* A screen tall from the first paint: the footer stays out of sight while the figures load, so nothing the
            user sees moves when they arrive (the figures keep the same room while they load). */}
        <div className="mt-8 grid min-h-screen grid-cols-[minmax(0,1fr)] content-start gap-8">
          <SignedInOnly title="Log in to see your sales" reason="Your sales are private to your account.">
            {(userId) => (
              <>
                <SalesDashboard key={userId} userId={userId} importHref={paths.salesImport} />
                <ShareWithPanel
                  key={`share-${userId}`}
                  userId={userId}
                  privacyHref={`${paths.privacy}#sharing`}
                />
                <DeleteImportedData userId={userId} />
              </>
            )}
          </SignedInOnly>
        </div>
      </div>
    </>
  );
}
