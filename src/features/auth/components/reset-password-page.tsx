import { useNavigate, Link } from 'react-router-dom';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useUpdatePassword } from '../api/update-password';
import { useAuth } from '../lib/auth-context';
import { toastFailure } from '../lib/toast-failure';
import { authMessages } from '../messages';
import { ForgotPasswordForm } from './forgot-password-form';
import { NewPasswordForm } from './new-password-form';

const r = authMessages.reset;

/** Where the recovery email's link lands: set a new password, or ask for a new link when this one is spent. */
export function ResetPasswordPage() {
  const { ready, session, recovery, finishRecovery } = useAuth();
  const navigate = useNavigate();
  const change = useUpdatePassword();

  const onSubmit = async (password: string) => {
    try {
      await change.mutateAsync(password);
    } catch (error) {
      toastFailure(r.failed, error);
      throw error;
    }
    finishRecovery();
    toast(r.success);
    navigate(paths.home);
  };

  return (
    <div className="container max-w-lg py-10">
      {!ready ? (
        <p role="status" className="text-muted-foreground">
          {r.checking}
        </p>
      ) : session && recovery ? (
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-semibold leading-none tracking-tight">{r.title}</h1>
            <CardDescription>{r.description}</CardDescription>
          </CardHeader>
          <CardContent>
            <NewPasswordForm idPrefix="reset" submitLabel={r.button} busyLabel={r.busy} onSubmit={onSubmit} />
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-6">
          <h1 className="text-2xl font-bold tracking-tight">{authMessages.forgot.title}</h1>
          <Alert variant="destructive">
            <AlertTitle>{r.invalidTitle}</AlertTitle>
            <AlertDescription>{r.invalidBody}</AlertDescription>
          </Alert>
          <ForgotPasswordForm idPrefix="reset-request" defaultEmail={session?.user.email ?? ''} />
          {session && (
            <p className="text-sm text-muted-foreground">
              You are logged in: you can also change your password on{' '}
              <Link to={paths.account} className="font-medium text-primary underline underline-offset-4">
                {authMessages.account.title}
              </Link>
              .
            </p>
          )}
        </div>
      )}
    </div>
  );
}
