import { useSearchParams } from 'react-router-dom';
import { Seo } from '@/components/seo/seo';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useAuth } from '@/features/auth/lib/auth-context';
import { openAuthDialog } from '@/features/auth/lib/dialog-store';
import { SourcesNote } from '@/features/market-sources';
import { YourHistoryCard } from '@/features/sales/components/your-history-card';
import { readSearchAddress, SearchExplorer, searchHref, type SearchInput } from '@/features/search';

const description =
  "Free sell-through rate tool for clothing resellers: see how many similar items are listed, how many sold, and whether it's a score or a snooze.";

// SPEC §1: in structured data the tool is free (0, USD).
const jsonLd = [
  {
    '@context': 'https://schema.org',
    '@type': 'WebApplication',
    name: `${site.name} Thrifting Explorer`,
    url: `${site.url}${paths.search}`,
    description,
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Any',
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
  },
];

/**
 * A visitor's search opens the login dialog. Should they register instead, the confirmation link brings them back
 * to this search: the Explorer has already put it in the address (decision 058), where the dialog picks it up now or
 * when opened again from the header, and where the Explorer reads it and runs it once they are signed in (decision
 * 040).
 */
function requireLogin(pending?: SearchInput) {
  const returnPath = pending ? searchHref(pending) : undefined;
  openAuthDialog('login', { source: 'search', returnPath });
}

/** /thriftingexplorer: the search tool, with the auth feature deciding who may search. */
export default function ThriftingExplorerRoute() {
  const { user, ready } = useAuth();
  const [params] = useSearchParams();
  // The window and narrowing of the address opened on (issue 54); later addresses the Explorer follows itself.
  const { windowDays, size, priceMin, priceMax, marketplace } = readSearchAddress(params.toString());
  return (
    <>
      <Seo
        title="Thrifting Explorer: Sell-Through Rate Search"
        description={description}
        path={paths.search}
        jsonLd={jsonLd}
      />
      {/* Not keyed by the query: the Explorer follows its address, keeping answers for Back (decision 058). */}
      <SearchExplorer
        user={user}
        authLoading={!ready}
        onRequireLogin={requireLogin}
        initialItemName={params.get('q') ?? undefined}
        initialCondition={params.get('condition') ?? undefined}
        initialNarrowing={{ windowDays, size, priceMin, priceMax, marketplace }}
        renderOwnHistory={(query) =>
          user ? (
            <YourHistoryCard
              key={`${query.itemName}|${query.condition}`}
              userId={user.id}
              query={query.itemName}
              condition={query.condition}
              importHref={paths.salesImport}
            />
          ) : null
        }
        sourcesNote={<SourcesNote variant="explorer" />}
      />
    </>
  );
}
