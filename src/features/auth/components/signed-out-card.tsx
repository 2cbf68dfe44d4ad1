import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { openAuthDialog } from '../lib/dialog-store';
import { authMessages } from '../messages';

/** A signed-in page seen by a visitor: why they need an account, with the login dialog opened for them. */
export function SignedOutCard({ title, body }: { title: string; body: string }) {
  useEffect(() => {
    openAuthDialog('login');
  }, []);
  return (
    <Card className="max-w-lg">
      <CardHeader>
        <h2 className="text-lg font-semibold leading-none tracking-tight">{title}</h2>
        <CardDescription>{body}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button onClick={() => openAuthDialog('login')}>{authMessages.dialog.loginTab}</Button>
        <Button variant="outline" onClick={() => openAuthDialog('register')}>
          {authMessages.dialog.registerTab}
        </Button>
      </CardContent>
    </Card>
  );
}
