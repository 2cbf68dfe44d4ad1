import { useEffect, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader } from '@/components/ui/card';
import { useAuth } from '@/features/auth/lib/auth-context';
import { openAuthDialog } from '@/features/auth/lib/dialog-store';

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
  useEffect(() => {
    if (ready && !user) openAuthDialog('login');
  }, [ready, user]);
  if (!ready)
    return (
      <p role="status" className="text-muted-foreground">
        Loading your account…
      </p>
    );
  if (!user)
    return (
      <Card className="max-w-lg">
        <CardHeader>
          <h2 className="text-lg font-semibold leading-none tracking-tight">{title}</h2>
          <CardDescription>{reason}</CardDescription>
        </CardHeader>
        <div className="flex flex-wrap gap-2 p-6 pt-0">
          <Button onClick={() => openAuthDialog('login')}>Log in</Button>
          <Button variant="outline" onClick={() => openAuthDialog('register')}>
            Register
          </Button>
        </div>
      </Card>
    );
  return <>{children(user.id)}</>;
}
