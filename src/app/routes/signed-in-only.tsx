import type { ReactNode } from 'react';
import { SignedOutCard } from '@/features/auth/components/signed-out-card';
import { useAuth } from '@/features/auth/lib/auth-context';
import { authMessages } from '@/features/auth/messages';

/** A page for signed-in users: a visitor is asked to log in (the dialog opens), and gets the page once they have. */
export function SignedInOnly({
  title,
  reason,
  children,
}: {
  title: string;
  reason: string;
  children: (userId: string) => ReactNode;
}) {
  const { user, ready } = useAuth();
  if (!ready)
    return (
      <p role="status" className="text-muted-foreground">
        {authMessages.account.loading}
      </p>
    );
  if (!user) return <SignedOutCard title={title} body={reason} />;
  return <>{children(user.id)}</>;
}
