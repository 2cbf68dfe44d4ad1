import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { adoptAuthShell, readAuthShell, type AuthShellSnapshot } from '../lib/auth-shell';
import { closeAuthDialog, useAuthDialogState, type AuthDialogState, type AuthTab } from '../lib/dialog-store';
import { loadFormResolvers } from '../lib/form-resolvers';
import { authMessages } from '../messages';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ResendVerification } from './resend-verification';
import { VerifyNotice } from './verify-notice';

const d = authMessages.dialog;

/** The login / register dialog of SPEC §2, driven by openAuthDialog(). Loaded by AuthDialogHost. */
export default function AuthDialog() {
  const state = useAuthDialogState();
  // The forms' validation follows the dialog, while the visitor types (the forms render without it).
  useEffect(() => void loadFormResolvers().catch(() => {}), []);
  return (
    <Dialog open={state.open} onOpenChange={(open) => !open && closeAuthDialog()}>
      <DialogContent className="max-w-[425px]" onOpenAutoFocus={focusFirstField}>
        {/* A new key on every opening: the requested tab, empty forms and no 'registered' state (SPEC §4). */}
        <AuthDialogBody key={state.openCount} state={state} />
      </DialogContent>
    </Dialog>
  );
}

// What the pre-app copy of this dialog handed over (lib/auth-shell.ts): the field to focus and what to do next.
let adopted: ReturnType<typeof adoptAuthShell> | null = null;

/**
 * Start in the first field rather than on the tab list: that is where the user types. After the pre-app copy, start
 * where the visitor was typing in it, then carry out a submit or button press made there.
 */
function focusFirstField(event: Event) {
  const handover = adopted;
  adopted = null;
  const input =
    handover?.focus ??
    (event.currentTarget as HTMLElement | null)?.querySelector<HTMLInputElement>(
      'input:not([type=checkbox])',
    );
  if (input) {
    event.preventDefault();
    input.focus();
  }
  handover?.then();
}

/**
 * The dialog's views. `allPanels` renders both tabs' panels (the inactive one hidden) and no state of its own: the
 * static copy the prerender writes for a tap made before the app is up (auth-dialog-shell.tsx).
 */
export function AuthDialogBody({
  state,
  allPanels = false,
}: {
  state: AuthDialogState;
  allPanels?: boolean;
}) {
  // A copy opened before the app was up: this opening continues it (same tab, same text).
  const [shell] = useState<AuthShellSnapshot | null>(() => (allPanels ? null : readAuthShell()));
  const [tab, setTab] = useState<AuthTab>(shell?.tab ?? state.tab);
  const tabs = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (shell && tabs.current) adopted = adoptAuthShell(shell, tabs.current);
  }, [shell]);
  // The address a confirmation email went to: the dialog then says 'Check Your Email'.
  const [registered, setRegistered] = useState<string | null>(null);
  const [forgot, setForgot] = useState(false);

  if (registered) return <CheckYourEmail email={registered} returnPath={state.returnPath} />;

  // The reset request is a view of its own: neither tab is selected while it shows, and either tab leaves it.
  const FORGOT = 'forgot';
  return (
    <Tabs
      ref={tabs}
      value={forgot ? FORGOT : tab}
      onValueChange={(value) => {
        setForgot(false);
        setTab(value as AuthTab);
      }}
      className="grid gap-4"
    >
      <TabsList className="mr-8 grid grid-cols-2">
        <TabsTrigger value="login">{d.loginTab}</TabsTrigger>
        <TabsTrigger
          value="register"
          {...(allPanels && {
            'data-search-label': d.registerTabFromSearch,
            'data-search-path': paths.search,
          })}
        >
          {state.source === 'search' ? d.registerTabFromSearch : d.registerTab}
        </TabsTrigger>
      </TabsList>
      <TabsContent value={FORGOT} className="mt-0 grid gap-4">
        <Heading title={authMessages.forgot.title} description={authMessages.forgot.description} />
        <ForgotPasswordForm idPrefix="dialog-forgot" />
        <Button variant="link" className="justify-self-center" onClick={() => setForgot(false)}>
          {authMessages.forgot.back}
        </Button>
      </TabsContent>
      <TabsContent value="login" className="mt-0 grid gap-4" forceMount={allPanels || undefined}>
        <Heading title={d.loginTitle} description={d.loginDescription} />
        {/* One message per opening (issue 28): a refused email link's notice takes the verify reminder's place, which
            would otherwise ask a confirmed user to verify first. */}
        {state.notice === 'link-used' ? (
          <Alert data-testid="link-notice" className="border-green-300 bg-green-50 text-green-900">
            <AlertDescription>{d.linkUsed}</AlertDescription>
          </Alert>
        ) : state.notice === 'link-expired' ? (
          <Alert variant="destructive" data-testid="link-notice">
            <AlertDescription>{d.linkExpired}</AlertDescription>
          </Alert>
        ) : (
          <VerifyNotice />
        )}
        <LoginForm
          onSuccess={closeAuthDialog}
          onForgotPassword={() => setForgot(true)}
          returnPath={state.returnPath}
        />
      </TabsContent>
      <TabsContent value="register" className="mt-0 grid gap-4" forceMount={allPanels || undefined}>
        <Heading title={d.registerTitle} description={d.registerDescription} />
        {/* Email confirmation is on, so no session comes back and the user is told to check their email (SPEC §4);
            should a session come back, there is nothing to check and the dialog closes. */}
        <RegisterForm
          returnPath={state.returnPath}
          onRegistered={(signedIn, email) => (signedIn ? closeAuthDialog() : setRegistered(email))}
        />
      </TabsContent>
    </Tabs>
  );
}

function CheckYourEmail({ email, returnPath }: { email: string; returnPath: string }) {
  return (
    <>
      <Heading title={d.checkEmailTitle} description={d.checkEmailBody} />
      <VerifyNotice />
      <ResendVerification
        email={email}
        returnPath={returnPath}
        notice={authMessages.resend.afterRegister}
        quiet
      />
      <DialogFooter>
        <Button onClick={closeAuthDialog}>{d.done}</Button>
      </DialogFooter>
    </>
  );
}

/** The dialog's title and the sentence under it, for each of its views. */
function Heading({ title, description }: { title: string; description: string }) {
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
}
