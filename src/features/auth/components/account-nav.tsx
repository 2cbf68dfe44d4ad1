import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { useAuth } from '../lib/auth-context';
import { openAuthDialog, type AuthTab } from '../lib/dialog-store';
import { displayName, getInitials, profileOf } from '../lib/user-display';
import { authAppMessages } from '../app-messages';
import { preloadAuthDialog } from './auth-dialog-host';
import { Avatar } from './avatar';

const UserMenu = lazy(() => import('./user-menu'));
const d = authAppMessages.tabs;
const m = authAppMessages.menu;

/** The header's account slot on wide screens: Login / Register for visitors, the avatar menu when signed in. */
/** SPEC §2: on the search tool screen the Register tab reads 'Create an Account', whoever opens the dialog. */
function useOpenDialog() {
  const { pathname } = useLocation();
  return (tab: AuthTab) => openAuthDialog(tab, pathname === paths.search ? { source: 'search' } : {});
}

export function AccountNav() {
  const { user, ready } = useAuth();
  const open = useOpenDialog();
  if (ready && user) {
    return (
      <Suspense fallback={<Avatar initials={getInitials(profileOf(user))} />}>
        <UserMenu user={user} />
      </Suspense>
    );
  }
  // Before the session is read (and in the prerendered HTML), index.html marks <html data-session> when this browser
  // holds a session: a returning user sees a placeholder where the avatar will be, a visitor the buttons they will use,
  // whether or not the app has started (docs/decisions/046). The buttons stay the same elements once it has.
  return (
    <>
      {!ready && (
        <span
          aria-hidden="true"
          className="hidden h-9 w-9 animate-pulse rounded-full bg-muted [html[data-session]_&]:block"
        />
      )}
      <div className={cn('flex items-center gap-2', !ready && '[html[data-session]_&]:hidden')}>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => open('login')}
          {...preloadProps}
          data-auth-tab="login"
        >
          {d.loginTab}
        </Button>
        <Button size="sm" onClick={() => open('register')} {...preloadProps} data-auth-tab="register">
          {d.registerTab}
        </Button>
      </div>
    </>
  );
}

/** The same for the mobile menu: full-width buttons, or the account links and Logout laid out flat. */
export function MobileAccountNav({ onNavigate }: { onNavigate?: () => void }) {
  const { user, ready, logout } = useAuth();
  const openDialog = useOpenDialog();
  if (!ready) return null;
  if (!user) {
    const open = (tab: AuthTab) => {
      onNavigate?.();
      openDialog(tab);
    };
    return (
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={() => open('login')} {...preloadProps}>
          {d.loginTab}
        </Button>
        <Button onClick={() => open('register')} {...preloadProps}>
          {d.registerTab}
        </Button>
      </div>
    );
  }
  const profile = profileOf(user);
  const linkClass =
    'rounded-md px-2 py-2 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-3 px-2 py-2">
        <Avatar initials={getInitials(profile)} />
        <div className="min-w-0">
          <p className="text-sm font-semibold">{m.welcome(displayName(profile))}</p>
          <p className="truncate text-xs text-muted-foreground">{profile.email}</p>
        </div>
      </div>
      <Link to={paths.search} className={linkClass} onClick={onNavigate}>
        {m.searchTool}
      </Link>
      <Link to={paths.account} className={linkClass} onClick={onNavigate}>
        {m.account}
      </Link>
      <Button
        variant="outline"
        onClick={() => {
          onNavigate?.();
          void logout();
        }}
      >
        {m.logout}
      </Button>
    </div>
  );
}

const preload = () => void preloadAuthDialog();
// data-prefetch: a visitor who reaches for the button before the app has started gets the dialog's chunks with the
// app's (scripts/prerender.ts, FIRST_TAP_MODULES). data-auth-tab (the header's prerendered buttons): a tap before the
// app is up opens the dialog's static copy on that tab (src/pre-app/main.ts).
const preloadProps = { onPointerEnter: preload, onFocus: preload, 'data-prefetch': 'auth-dialog' };
