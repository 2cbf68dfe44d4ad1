import { Seo } from '@/components/seo/seo';
import { paths } from '@/config/paths';
import { ImportPage } from '@/features/sales/components/import-page';
import { ShareWithPanel } from '@/features/sales/components/share-with-panel';
import { salesMessages } from '@/features/sales/messages';
import { SignedInOnly } from './signed-in-only';

/** /account/sales/import: bring a marketplace export into "Your sales". */
export default function SalesImportRoute() {
  return (
    <>
      <Seo
        title={salesMessages.importer.pageTitle}
        description="Import your sales and listings from eBay, Poshmark, Depop, Mercari, Vinted and crosslisters."
        path={paths.salesImport}
        noindex
      />
      <div className="container max-w-4xl py-10">
        <h1 className="text-3xl font-bold tracking-tight">{salesMessages.importer.pageTitle}</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">{salesMessages.importer.pageIntro}</p>
        <div className="mt-8">
          <SignedInOnly
            title="Log in to import your sales"
            reason="Imported sales are kept in your account, private to you."
          >
            {(userId) => (
              <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
                <ImportPage key={userId} userId={userId} salesHref={paths.sales} />
                <ShareWithPanel
                  key={`share-${userId}`}
                  userId={userId}
                  privacyHref={`${paths.privacy}#sharing`}
                />
              </div>
            )}
          </SignedInOnly>
        </div>
      </div>
    </>
  );
}
