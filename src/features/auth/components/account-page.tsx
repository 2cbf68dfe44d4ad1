import type { ReactNode } from 'react';
import { useAuth } from '../lib/auth-context';
import { authMessages } from '../messages';
import { AccountProfile } from './account-profile';
import { SignedOutCard } from './signed-out-card';

const a = authMessages.account;

type AccountPageProps = {
  /** The "saved searches" half of the account; the search feature provides it and the route composes it here. */
  savedSearches?: ReactNode;
  /** "Your sales": the sales feature provides it and the route composes it here. */
  sales?: ReactNode;
};

/** /account: saved searches, then the profile and password, for signed-in users; visitors get an explanation and the login dialog. */
export function AccountPage({ savedSearches, sales }: AccountPageProps) {
  const { user, ready } = useAuth();
  return (
    <div className="container max-w-4xl py-10">
      <h1 className="text-3xl font-bold tracking-tight">{a.title}</h1>
      <p className="mt-2 text-muted-foreground">{a.description}</p>
      <div className="mt-8">
        {!ready ? (
          <p role="status" className="text-muted-foreground">
            {a.loading}
          </p>
        ) : user ? (
          <div className="grid gap-6">
            {/* Saved searches first: they are what people come back to the account for. */}
            {savedSearches && <section aria-label="Saved searches">{savedSearches}</section>}
            {sales}
            {/* Keyed by user: another account signing in on this tab starts from its own profile. */}
            <AccountProfile key={user.id} user={user} />
          </div>
        ) : (
          <SignedOutCard title={a.signedOutTitle} body={a.signedOutBody} />
        )}
      </div>
    </div>
  );
}
