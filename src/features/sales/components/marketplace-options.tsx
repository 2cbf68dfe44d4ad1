import { marketplaceLabel } from '../lib/format';

/** A marketplace select's options: the empty choice in the caller's words, then each marketplace by its name. */
export function MarketplaceOptions({
  empty,
  marketplaces,
}: {
  empty: string;
  marketplaces: readonly string[];
}) {
  return (
    <>
      <option value="">{empty}</option>
      {marketplaces.map((key) => (
        <option key={key} value={key}>
          {marketplaceLabel(key)}
        </option>
      ))}
    </>
  );
}
